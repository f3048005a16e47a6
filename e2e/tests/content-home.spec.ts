import type { Page } from '@playwright/test';
import type { Sponsor } from '@tca/contracts';
import { expectNoA11yViolations } from '../support/axe.js';
import { pauseClock } from '../support/clock.js';
import { apiBlogPosts, apiEvents, apiSponsors, homeCarouselEvents, newestFirst, pages } from '../support/content-api.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { holdRequests } from '../support/hold.js';

/** Spec §2.3: the hero's five landscapes, in order. */
const LANDSCAPES = ['Kurinji', 'Mullai', 'Marutham', 'Neythal', 'Paalai'];

const hero = (page: Page) => page.getByRole('region', { name: 'Welcome' });
const heroDots = (page: Page) => hero(page).getByRole('group', { name: 'Choose a landscape' }).getByRole('button', { name: /^Show .+ landscape$/ });
const heroDot = (page: Page, name: string) => hero(page).getByRole('button', { name: `Show ${name} landscape` });
/** The painted backgrounds (decorative, so not in the accessibility tree): none until all five have loaded. */
const heroBackgrounds = (page: Page) => hero(page).locator('[style*="background-image"]');
const sponsors = (page: Page) => page.getByRole('region', { name: 'Our Sponsors' });
const eventsCarousel = (page: Page) => page.getByRole('region', { name: 'Upcoming Events' });

/** The event names on slide `i`. */
const slideNames = (slides: ReadonlyArray<ReadonlyArray<{ name: string }>>, i: number) => (slides[i] ?? []).map((e) => e.name);

/** Pointer and keyboard focus out of every carousel: both pause a rotation (WCAG 2.2.2). */
async function leaveCarousels(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

/** Opens the home page, with the fake clock installed unless `clock` is false. */
async function openHome(page: Page, clock = true) {
  if (clock) await page.clock.install();
  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
}

test('hero: five landscapes shown once all have loaded, rotating every 5 s; dots, pause and Get Started', async ({ page }) => {
  // Hold back the last landscape: until it arrives nothing is painted and nothing rotates.
  const release = await holdRequests(page, /paalai[^/]*\.(svg|webp)/);
  await openHome(page);
  await expect(heroDots(page)).toHaveCount(5);
  for (const [i, name] of LANDSCAPES.entries()) await expect(heroDots(page).nth(i)).toHaveAccessibleName(`Show ${name} landscape`);
  await leaveCarousels(page);
  await pauseClock(page);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(6_000);
  await expect(heroBackgrounds(page)).toHaveCount(0);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');

  release();
  await expect(heroBackgrounds(page)).toHaveCount(5);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(4_900);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(200);
  await expect(heroDot(page, 'Mullai')).toHaveAttribute('aria-pressed', 'true');
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'false');
  await expect(hero(page)).toContainText('Mullai');
  await page.clock.runFor(4_900);
  await expect(heroDot(page, 'Mullai')).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(200);
  await expect(heroDot(page, 'Marutham')).toHaveAttribute('aria-pressed', 'true');

  // A dot, by keyboard, jumps to its landscape; focus inside the hero holds the rotation.
  await heroDot(page, 'Paalai').focus();
  await page.keyboard.press('Enter');
  await expect(heroDot(page, 'Paalai')).toHaveAttribute('aria-pressed', 'true');
  await expect(hero(page)).toContainText('Paalai');
  await page.clock.runFor(6_000);
  await expect(heroDot(page, 'Paalai')).toHaveAttribute('aria-pressed', 'true');
  await leaveCarousels(page);
  await page.clock.runFor(5_100);
  // From the last one it goes round to the first.
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');

  // Pause stops it; Play starts it again.
  await hero(page).getByRole('button', { name: 'Pause background rotation' }).click();
  await expect(hero(page).getByRole('button', { name: 'Play background rotation' })).toBeVisible();
  await leaveCarousels(page);
  await page.clock.runFor(12_000);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');
  await hero(page).getByRole('button', { name: 'Play background rotation' }).click();
  await leaveCarousels(page);
  await page.clock.runFor(5_100);
  await expect(heroDot(page, 'Mullai')).toHaveAttribute('aria-pressed', 'true');

  // Get Started takes the visitor (and keyboard focus) to About Us.
  const about = page.getByRole('heading', { level: 2, name: 'About Us' });
  await page.clock.resume();
  await hero(page).getByRole('button', { name: 'Get Started' }).press('Enter');
  await expect(about).toBeFocused();
  await expect(about).toBeInViewport();

  // Then Mission and Vision, whose Join Our Community link goes to /membership.
  const mission = page.getByRole('region', { name: 'Mission and Vision' });
  await expect(mission).toBeVisible();
  await mission.getByRole('link', { name: 'Join Our Community' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(pageTitle(page)).toHaveText('Membership');
});

test('home sections in order; the 3 latest posts; sponsors and events carousels as the API says; no axe violations', async ({ page, request }) => {
  const [posts, allSponsors, events] = await Promise.all([apiBlogPosts(request), apiSponsors(request), apiEvents(request)]);
  await openHome(page, false);

  // Spec §2.3 order: hero, About Us, Mission and Vision, sponsors, latest posts, events.
  const headings = await page.locator('main').getByRole('heading', { level: 2 }).allTextContents();
  const order = ['About Us', 'Mission and Vision', ...(allSponsors.length > 0 ? ['Our Sponsors'] : []), 'Latest from our Blog', 'Upcoming Events'];
  expect(headings.filter((h) => order.includes(h))).toEqual(order);

  // The 3 latest blog posts, newest first, each linking to its post.
  const latest = newestFirst(posts).slice(0, 3);
  const postLinks = page.getByRole('region', { name: 'Latest from our Blog' }).getByRole('heading', { level: 3 }).getByRole('link');
  await expect(postLinks).toHaveText(latest.map((p) => p.name));

  // Events that have not ended, 3 per slide.
  const slides = pages(homeCarouselEvents(events), 3);
  const eventNames = eventsCarousel(page).getByRole('heading', { level: 3 });
  if (slides.length === 0) await expect(eventsCarousel(page)).toContainText('No events scheduled at this time.');
  else await expect(eventNames).toHaveText(slideNames(slides, 0));

  await expectNoA11yViolations(page, '/ (home)');

  if (latest[0]) {
    await postLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${encodeURIComponent(latest[0]._id)}$`));
    await expect(page.locator('main')).toContainText(latest[0].name);
  }
});

test('events carousel: 3 per slide, a new slide every 3 s, Next/Previous/Pause by keyboard', async ({ page, request }) => {
  const slides = pages(homeCarouselEvents(await apiEvents(request)), 3);
  test.skip(slides.length < 2, 'the seed content has fewer than 4 events that have not ended');
  // The list arrives only once the clock stands, so the carousel's 3 s start from a known moment.
  const release = await holdRequests(page, '**/events/get');
  await openHome(page);
  await leaveCarousels(page);
  await pauseClock(page);
  release();
  const carousel = eventsCarousel(page);
  const names = carousel.getByRole('heading', { level: 3 });
  await expect(names).toHaveText(slideNames(slides, 0));
  await page.clock.runFor(2_900);
  await expect(names).toHaveText(slideNames(slides, 0));
  await page.clock.runFor(200);
  await expect(names).toHaveText(slideNames(slides, 1));
  await expect(carousel.getByRole('list')).toHaveAccessibleName(`2 of ${slides.length}`);

  // Pause by keyboard: then it stays, even with focus and pointer gone.
  await carousel.getByRole('button', { name: 'Pause events' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Play events' })).toBeFocused();
  await leaveCarousels(page);
  await page.clock.runFor(9_000);
  await expect(names).toHaveText(slideNames(slides, 1));
  await carousel.getByRole('button', { name: 'Previous events' }).focus();
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(slideNames(slides, 0));
  await page.keyboard.press('Enter');
  // Previous from the first slide goes round to the last.
  await expect(names).toHaveText(slideNames(slides, slides.length - 1));
  await carousel.getByRole('button', { name: 'Next events' }).focus();
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(slideNames(slides, 0));
});

/** Sponsors with the real ones' pictures, as many as a case needs (ids and names made unique). */
function sponsorList(real: Sponsor[], count: number): Sponsor[] {
  return Array.from({ length: count }, (_, i) => {
    const base = real[i % Math.max(real.length, 1)];
    return { _id: `e2e-sponsor-${i}`, name: `Sponsor ${i + 1}`, image: base?.image ?? null, imageMeta: base?.imageMeta ?? null, link: null };
  });
}

test('sponsors: 4 at a time, turning every 3 s only when there are more than 4', async ({ page, request }) => {
  const real = await apiSponsors(request);

  // More than 4: pages of 4 that turn every 3 s.
  const six = sponsorList(real, 6);
  const release = await holdRequests(page, '**/sponsorship/get', (route) => route.fulfill({ json: six }));
  await openHome(page);
  await leaveCarousels(page);
  await pauseClock(page);
  release();
  const items = sponsors(page).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items).toContainText(['Sponsor 1', 'Sponsor 2', 'Sponsor 3', 'Sponsor 4']);
  await page.clock.runFor(2_900);
  await expect(items).toHaveCount(4);
  await page.clock.runFor(200);
  await expect(items).toContainText(['Sponsor 5', 'Sponsor 6']);
  await expect(items).toHaveCount(2);
  await page.clock.runFor(2_900);
  await expect(items).toHaveCount(2);
  await page.clock.runFor(200);
  await expect(items).toContainText(['Sponsor 1', 'Sponsor 2', 'Sponsor 3', 'Sponsor 4']);
  // Pausable by keyboard.
  await sponsors(page).getByRole('button', { name: 'Pause sponsors' }).focus();
  await page.keyboard.press('Enter');
  await leaveCarousels(page);
  await page.clock.runFor(9_000);
  await expect(items).toContainText(['Sponsor 1', 'Sponsor 2', 'Sponsor 3', 'Sponsor 4']);

  // Exactly 4: all of them, still, with no carousel controls.
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/sponsorship/get', (route) => route.fulfill({ json: sponsorList(real, 4) }));
  await page.clock.resume();
  await page.reload();
  await expect(items).toHaveCount(4);
  await expect(sponsors(page).getByRole('button')).toHaveCount(0);
  await leaveCarousels(page);
  await pauseClock(page);
  await page.clock.runFor(7_000);
  await expect(items).toContainText(['Sponsor 1', 'Sponsor 2', 'Sponsor 3', 'Sponsor 4']);

  // The real sponsors, as the API lists them.
  await page.unrouteAll({ behavior: 'wait' });
  await page.clock.resume();
  await page.reload();
  if (real.length === 0) await expect(sponsors(page)).toHaveCount(0);
  else await expect(items).toContainText(real.slice(0, 4).map((s) => s.name));
});

test('reduced motion: the hero, sponsors and events stay still until Play is pressed', async ({ page, request }) => {
  const slides = pages(homeCarouselEvents(await apiEvents(request)), 3);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route('**/sponsorship/get', async (route) => route.fulfill({ json: sponsorList(await apiSponsors(request), 6) }));
  await openHome(page);
  await expect(heroBackgrounds(page)).toHaveCount(5);
  await expect(hero(page).getByRole('button', { name: 'Play background rotation' })).toBeVisible();
  await expect(sponsors(page).getByRole('button', { name: 'Play sponsors' })).toBeVisible();
  await leaveCarousels(page);
  await pauseClock(page);
  await page.clock.runFor(16_000);
  await expect(heroDot(page, 'Kurinji')).toHaveAttribute('aria-pressed', 'true');
  await expect(sponsors(page).getByRole('listitem')).toContainText(['Sponsor 1', 'Sponsor 2', 'Sponsor 3', 'Sponsor 4']);
  if (slides.length > 1) {
    await expect(eventsCarousel(page).getByRole('button', { name: 'Play events' })).toBeVisible();
    await expect(eventsCarousel(page).getByRole('heading', { level: 3 })).toHaveText(slideNames(slides, 0));
  }

  // The visitor's own Play wins over the preference.
  await hero(page).getByRole('button', { name: 'Play background rotation' }).click();
  await leaveCarousels(page);
  await page.clock.runFor(5_100);
  await expect(heroDot(page, 'Mullai')).toHaveAttribute('aria-pressed', 'true');
});

test('home load failures: events and blog say so, sponsors are left out, broken logos become placeholders', async ({ page, request }) => {
  const real = await apiSponsors(request);
  const down = { status: 500, json: { error: 'internal', message: 'down' } };
  await page.route('**/events/get', (route) => route.fulfill(down));
  await page.route('**/blog/latest', (route) => route.fulfill(down));
  // Spec §8: a broken sponsor image is replaced by a placeholder.
  await page.route('**/uploads/**', (route) => route.abort('failed'));
  await openHome(page, false);
  await expect(eventsCarousel(page).getByRole('alert')).toHaveText('Error loading events. Please try again later.');
  await expect(page.getByRole('region', { name: 'Latest from our Blog' }).getByRole('alert')).toHaveText('Error loading blogs');
  if (real.some((s) => s.image)) {
    await expect(sponsors(page).locator('[data-placeholder]').first()).toBeVisible();
    await expect(sponsors(page).locator('img')).toHaveCount(0);
  }

  // Spec §8: a sponsor load error is only logged; the rest of the page is unaffected.
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/sponsorship/get', (route) => route.fulfill(down));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Latest from our Blog' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(sponsors(page)).toHaveCount(0);
});
