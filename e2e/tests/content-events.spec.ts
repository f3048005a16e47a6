import type { Page } from '@playwright/test';
import type { SiteEvent } from '@tca/contracts';
import { expectNoA11yViolations } from '../support/axe.js';
import { pauseClock } from '../support/clock.js';
import { adelaideToday, apiEvents, daysBetween, daysUntilText, eventSections } from '../support/content-api.js';
import { expectFocusTrapped } from '../support/focus.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { holdRequests } from '../support/hold.js';

const section = (page: Page, name: 'Ongoing Events' | 'Upcoming Events') => page.locator('main').getByRole('region', { name });
const card = (page: Page, event: SiteEvent) =>
  page.locator('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: event.name, exact: true }) });

async function openEvents(page: Page) {
  await page.goto('/events');
  await expect(pageTitle(page)).toHaveText('Events');
}

test('Ongoing and Upcoming Events as the API says: Active only, soonest first, "Tomorrow" / "in N days"', async ({ page, request }) => {
  const events = await apiEvents(request);
  const today = adelaideToday();
  const { ongoing, upcoming } = eventSections(events, today);
  await openEvents(page);

  for (const [name, list] of [['Ongoing Events', ongoing], ['Upcoming Events', upcoming]] as const) {
    const region = section(page, name);
    if (list.length === 0) await expect(region).toContainText('No events scheduled at this time.');
    else await expect(region.getByRole('heading', { level: 3 })).toHaveText(list.map((e) => e.name));
  }
  for (const event of upcoming) await expect(card(page, event)).toContainText(daysUntilText(daysBetween(today, event.date)));
  for (const event of ongoing) await expect(card(page, event)).toContainText('On now');
  // Cancelled, draft and past events are not listed.
  const listed = new Set([...ongoing, ...upcoming].map((e) => e.name));
  for (const event of events.filter((e) => !listed.has(e.name))) await expect(card(page, event)).toHaveCount(0);
  await expectNoA11yViolations(page, '/events');
});

test('the detail modal: opened by keyboard, focus kept inside, Escape closes it and focus returns; Purchase Tickets or Register', async ({ page, request }) => {
  const events = await apiEvents(request);
  const { ongoing, upcoming } = eventSections(events);
  const listed = [...ongoing, ...upcoming];
  // One event with a ticket link and one without, whatever the seed holds.
  const [withLink, withoutLink] = listed;
  if (!withLink || !withoutLink) return test.skip(true, 'needs two listed events in the seed content');
  const ticketUrl = 'https://tickets.example.org/e2e-event';
  await page.route('**/events/get', (route) =>
    route.fulfill({
      json: events.map((e) => (e._id === withLink._id ? { ...e, eventLink: ticketUrl } : e._id === withoutLink._id ? { ...e, eventLink: null } : e)),
    }),
  );
  await openEvents(page);

  const opener = card(page, withLink).getByRole('button', { name: `View details of ${withLink.name}` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: withLink.name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(withLink.location);
  await expect(dialog).toContainText(withLink.description.slice(0, 40));
  const purchase = dialog.getByRole('link', { name: /^Purchase Tickets/ });
  await expect(purchase).toHaveAttribute('href', ticketUrl);
  await expect(purchase).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/events/${encodeURIComponent(withLink._id)}.ics`);
  await expectNoA11yViolations(page, '/events with the detail modal open');
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The Close button closes it too; without a ticket link the action is Register, to /membership.
  const second = card(page, withoutLink).getByRole('button', { name: `View details of ${withoutLink.name}` });
  await second.click();
  const dialog2 = page.getByRole('dialog', { name: withoutLink.name });
  await expect(dialog2.getByRole('link', { name: /^Purchase Tickets/ })).toHaveCount(0);
  await dialog2.getByRole('button', { name: 'Close' }).press('Enter');
  await expect(dialog2).toHaveCount(0);
  await expect(second).toBeFocused();
  await second.click();
  await dialog2.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(pageTitle(page)).toHaveText('Membership');
});

test('add to calendar: each event and the whole calendar are iCalendar files', async ({ page, request }) => {
  const { ongoing, upcoming } = eventSections(await apiEvents(request));
  const event = upcoming[0] ?? ongoing[0];
  if (!event) return test.skip(true, 'no listed events in the seed content');
  await openEvents(page);
  const link = card(page, event).getByRole('link', { name: new RegExp(`^Add to calendar\\s*: ${escapeRegExp(event.name)}$`) });
  const href = await link.getAttribute('href');
  expect(href).toBe(`/events/${encodeURIComponent(event._id)}.ics`);
  const one = await request.get(`${siteUrl()}${href}`);
  expect(one.status()).toBe(200);
  expect(one.headers()['content-type']).toMatch(/^text\/calendar/);
  const ics = await one.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics.replace(/\r?\n[ \t]/g, '')).toContain(`SUMMARY:${event.name.replace(/[,;\\]/g, (c) => `\\${c}`)}`);

  const feedHref = await page.getByRole('link', { name: 'Subscribe to the events calendar' }).getAttribute('href');
  expect(feedHref).toBe('/events/calendar.ics');
  const feed = await request.get(`${siteUrl()}${feedHref}`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const feedText = (await feed.text()).replace(/\r?\n[ \t]/g, '');
  for (const e of upcoming) expect(feedText).toContain(`SUMMARY:${e.name.replace(/[,;\\]/g, (c) => `\\${c}`)}`);
});

test('photo slideshows turn every 3 s, stop with Pause, and stay still with reduced motion', async ({ page, request }) => {
  const events = await apiEvents(request);
  const { ongoing, upcoming } = eventSections(events);
  const many = [...ongoing, ...upcoming].find((e) => e.images.length > 1);
  if (!many) return test.skip(true, 'no listed event with more than one photo in the seed content');
  const shown = () => card(page, many).getByRole('group', { name: `Photos of ${many.name}` }).getByRole('img');

  // The list arrives only once the clock stands, so the slideshow's 3 s start from a known moment.
  const release = await holdRequests(page, '**/events/get');
  await page.clock.install();
  await openEvents(page);
  await page.mouse.move(1, 1);
  await pauseClock(page);
  release();
  await expect(shown()).toHaveCount(1);
  const first = await shown().getAttribute('src');
  await page.clock.runFor(2_900);
  await expect(shown()).toHaveAttribute('src', first ?? '');
  await page.clock.runFor(200);
  await expect(shown()).not.toHaveAttribute('src', first ?? '');
  const second = await shown().getAttribute('src');

  await page.getByRole('button', { name: 'Pause photo slideshows' }).click();
  await expect(page.getByRole('button', { name: 'Play photo slideshows' })).toBeVisible();
  await page.mouse.move(1, 1);
  await page.clock.runFor(9_000);
  await expect(shown()).toHaveAttribute('src', second ?? '');

  await page.clock.resume();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play photo slideshows' })).toBeVisible();
  await expect(shown()).toHaveCount(1);
  const still = await shown().getAttribute('src');
  await pauseClock(page);
  await page.clock.runFor(9_000);
  await expect(shown()).toHaveAttribute('src', still ?? '');
});

test('errors and empty lists: Failed to fetch events with Retry, Failed to load events, No events available', async ({ page, request }) => {
  const events = await apiEvents(request);
  await page.route('**/events/get', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
  await openEvents(page);
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch events');
  await expectNoA11yViolations(page, '/events with a load error');
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const { ongoing, upcoming } = eventSections(events);
  if (ongoing.length + upcoming.length > 0) await expect(page.locator('main').getByRole('heading', { level: 3 }).first()).toBeVisible();

  await page.route('**/events/get', (route) => route.fulfill({ json: { events: 'not a list' } }));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Failed to load events');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/events/get', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(page.locator('main')).toContainText('No events available at the moment.');
  await expect(section(page, 'Ongoing Events')).toHaveCount(0);

  // Only ongoing events: the upcoming section says so.
  await page.unrouteAll({ behavior: 'wait' });
  const today = adelaideToday();
  const onNow: SiteEvent = { ...(events[0] ?? sampleEvent()), _id: 'e2e-on-now', name: 'E2E festival on now', date: today, endDate: null, status: 'Active' };
  await page.route('**/events/get', (route) => route.fulfill({ json: [onNow] }));
  await page.reload();
  await expect(section(page, 'Ongoing Events').getByRole('heading', { level: 3 })).toHaveText(['E2E festival on now']);
  await expect(section(page, 'Upcoming Events')).toContainText('No events scheduled at this time.');
});

function sampleEvent(): SiteEvent {
  return { _id: 'e2e', name: 'E2E', description: 'An event.', date: adelaideToday(), endDate: null, time: null, location: 'Adelaide', images: [], imageMeta: [], eventLink: null, status: 'Active' };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
