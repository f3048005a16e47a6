import type { APIRequestContext, Page } from '@playwright/test';
import { blogPostPath, eventPath } from '@tca/contracts';
import { adelaideToday, apiBlogPosts, apiEvents } from '../support/content-api.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';
import { expectTamilPage, rememberTamil } from '../support/tamil.js';

/**
 * The content remote's reading pages in Tamil (issue 17): home, about, events, an event's page, the blog,
 * a post and the gallery with no English interface left (axe too). Content an editor wrote in Tamil shows
 * in Tamil; content without a Tamil version shows in English, marked lang="en".
 */

// Digits only: a run-unique mark that is no English word (englishLeft reads words of 3 letters or more).
const mark = String(Date.now() % 1_000_000);

interface Seeded {
  postId: string;
  postTamilTitle: string;
  eventId: string;
  eventTamilName: string;
  plainEventName: string;
}

let seeded: Promise<Seeded> | null = null;

/** Through the staff API, once per run: a post and an event with Tamil versions, an event without, an album with a Tamil name. */
function seedTamilContent(page: Page, request: APIRequestContext): Promise<Seeded> {
  seeded ??= (async () => {
    const { login } = await signedInStaff(page, request, 'editor');
    const headers = { Authorization: `Bearer ${login.token}` };
    const today = adelaideToday();
    const post = async (path: string, data: object) => {
      const answer = await request.post(`${siteUrl()}/staff-api/content/${path}`, { headers, data });
      expect(answer.status(), await answer.text()).toBe(201);
    };
    const title = `Pongal report ${mark}`;
    const postTamilTitle = `பொங்கல் விழா அறிக்கை ${mark}`;
    await post('posts', {
      title,
      date: today,
      body: 'We celebrated **Thai Pongal** together in the park.',
      status: 'published',
      ta: { title: postTamilTitle, body: 'பூங்காவில் நாங்கள் அனைவரும் ஒன்றாகத் **தைப் பொங்கல்** கொண்டாடினோம்.' },
    });
    const name = `New Year concert ${mark}`;
    const eventTamilName = `புத்தாண்டு இசை நிகழ்ச்சி ${mark}`;
    await post('events', {
      name,
      description: 'Music and dance for the Tamil New Year.',
      date: '2099-04-14',
      endDate: null,
      time: '18:00',
      location: 'Adelaide Town Hall',
      eventLink: null,
      status: 'Active',
      ta: { name: eventTamilName, description: 'தமிழ்ப் புத்தாண்டை வரவேற்கும் இசையும் நடனமும்.', location: 'அடிலெய்டு நகர மண்டபம்' },
    });
    const plainEventName = `Picnic ${mark}`;
    await post('events', { name: plainEventName, description: 'A picnic by the river.', date: '2099-05-02', endDate: null, time: null, location: 'Elder Park', eventLink: null, status: 'Active' });
    await post('albums', { name: `Pongal photos ${mark}`, date: today, ta: { name: `பொங்கல் படங்கள் ${mark}` } });

    const postId = (await apiBlogPosts(request)).find((candidate) => candidate.name === title)?._id;
    const eventId = (await apiEvents(request)).find((candidate) => candidate.name === name)?._id;
    expect(postId, 'the seeded post is published').toBeTruthy();
    expect(eventId, 'the seeded event is listed').toBeTruthy();
    return { postId: postId ?? '', postTamilTitle, eventId: eventId ?? '', eventTamilName, plainEventName };
  })();
  seeded.catch(() => (seeded = null));
  return seeded;
}

test.describe('the content reading pages in Tamil', () => {
  test('a post and an event with Tamil versions show them; an event without one is English, marked lang="en"', async ({ page, request }) => {
    const content = await seedTamilContent(page, request);
    await rememberTamil(page);

    await page.goto(blogPostPath(content.postId));
    await expect(pageTitle(page)).toHaveText('வலைப்பதிவு இடுகை');
    const article = page.locator('main article');
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(content.postTamilTitle);
    await expect(article.locator('strong')).toHaveText('தைப் பொங்கல்');
    await expect(article.locator('[lang="en"]')).toHaveCount(0);

    await page.goto('/blog');
    await expect(page.locator('main').getByRole('link', { name: content.postTamilTitle })).toBeVisible();

    await page.goto('/events');
    await expect(page.locator('main').getByRole('heading', { level: 3, name: content.eventTamilName })).toBeVisible();
    await expect(page.locator('main').getByText('அடிலெய்டு நகர மண்டபம்').first()).toBeVisible();
    await expect(page.locator('main h3 [lang="en"]').filter({ hasText: content.plainEventName })).toBeVisible();
    // The detail modal: the Tamil name, description and place; a Tamil date and a 24-hour time.
    await page.getByRole('button', { name: `விவரங்களைக் காண்க — ${content.eventTamilName}` }).click();
    const dialog = page.getByRole('dialog', { name: content.eventTamilName });
    await expect(dialog).toContainText('தமிழ்ப் புத்தாண்டை வரவேற்கும் இசையும் நடனமும்.');
    await expect(dialog).toContainText('ஏப்ரல்');
    await expect(dialog).toContainText('18:00');
    await expect(dialog.getByRole('link', { name: 'பதிவுசெய்க' })).toBeVisible();
    await expectTamilPage(page, '/events with the detail modal open');

    // The calendars from a Tamil page: the event's Tamil name and place, the feed named in Tamil.
    const eventCalendar = dialog.getByRole('link', { name: 'நாள்காட்டியில் சேர்' });
    await expect(eventCalendar).toHaveAttribute('href', /\.ics\?lang=ta$/);
    const ics = (await (await request.get((await eventCalendar.getAttribute('href')) ?? '')).text()).replaceAll('\r\n ', '');
    expect(ics).toContain(`SUMMARY:${content.eventTamilName}`);
    expect(ics).toContain('LOCATION:அடிலெய்டு நகர மண்டபம்');
    await page.keyboard.press('Escape');
    const feed = page.locator('main').getByRole('link', { name: 'நிகழ்வுகளின் நாள்காட்டிக்குக் குழுசேருங்கள்' });
    await expect(feed).toHaveAttribute('href', '/events/calendar.ics?lang=ta');
    expect((await (await request.get('/events/calendar.ics?lang=ta')).text()).replaceAll('\r\n ', '')).toContain('X-WR-CALNAME:அடிலெய்டு தமிழ்ச் சங்க நிகழ்வுகள்');
  });

  test('home, about, events, an event, the blog, a post and the gallery: Tamil titles, no English interface left, axe', async ({ page, request }) => {
    test.setTimeout(180_000);
    const content = await seedTamilContent(page, request);
    await rememberTamil(page);
    const pages: Array<[string, string]> = [
      ['/', 'அடிலெய்டு தமிழ்ச் சங்கம்'],
      ['/about', 'அடிலெய்டுக் கதை'],
      ['/events', 'நிகழ்வுகள்'],
      [eventPath(content.eventId), content.eventTamilName],
      ['/blog', 'வலைப்பதிவு'],
      [blogPostPath(content.postId), 'வலைப்பதிவு இடுகை'],
      ['/gallery', 'படத்தொகுப்பு'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(pageTitle(page).first()).toHaveText(title);
      await expectTamilPage(page, path);
      if (path === '/' || path === '/events') await shootBothWidths(page, `tamil-content${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
    }
    // The about page's timeline: another year's story, in Tamil.
    await page.goto('/about');
    await page.getByRole('tab', { name: '2004' }).click();
    await expect(page.getByRole('heading', { level: 3 })).toContainText('தமிழ்ப் பள்ளி தொடங்குகிறது');
    await expectTamilPage(page, '/about, 2004');
  });
});
