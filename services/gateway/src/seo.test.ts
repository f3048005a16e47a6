import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { blogListSchema, eventListSchema, type BlogPost, type SiteEvent } from '@tca/contracts';
import fc from 'fast-check';
import { adelaideDateTime, currentEvents, escapeHtml, pageHead, renderHead, robotsTxt } from './seo.js';
import { loadGatewayConfig, start, type RunningGateway } from './server.js';
import { closedPortUrl, closeServer, listenOnLoopback } from './testing/loopback-server.js';

const PUBLIC_URL = 'https://tamil.example.org';
const SHELL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="shell default"><title>Adelaide Tamil Association</title>' +
  '<script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const HOSTILE = `Pongal "fest" <script>alert(1)</script> & 'more' </title></head>`;

function post(overrides: Partial<BlogPost>): BlogPost {
  return { _id: 'p1', name: 'Pongal 2026', desc: 'A **harvest** festival with music and food for the whole community.', html: '<p>x</p>', image: 'pongal.webp', imageMeta: null, date: '2026-01-10T09:00:00.000Z', ...overrides };
}

function event(overrides: Partial<SiteEvent>): SiteEvent {
  return { _id: 'e1', name: 'Tamil New Year', description: 'Celebrations.', date: `${NEXT_YEAR}-01-15`, endDate: null, time: '18:30', location: '12 King William St', images: ['/uploads/ny.webp'], imageMeta: [], eventLink: null, status: 'Active', ...overrides };
}

const POSTS = blogListSchema.parse([
  post({ ta: { name: 'பொங்கல் 2026', desc: 'இசையும் உணவும் நிறைந்த **அறுவடைத்** திருவிழா.', html: '<p>y</p>' } }),
  post({ _id: 'hostile', name: HOSTILE, desc: HOSTILE, image: null, date: '2026-02-01T00:00:00.000Z' }),
  post({ _id: 'a b/c', name: 'Spaced id', image: 'x y.webp', imageMeta: { file: 'x y.webp', width: 1600, height: 900, alt: 'A stage', variants: [{ file: 'x y.webp', width: 1600 }] } }),
]);
const EVENTS = eventListSchema.parse([
  event({ eventLink: 'https://tickets.example.org/ny', ta: { name: 'தமிழ்ப் புத்தாண்டு' } }),
  event({ _id: 'e2', name: 'Winter concert', date: `${NEXT_YEAR}-06-20`, time: '19:00', status: 'Cancelled', images: [] }),
  event({ _id: 'e3', name: 'Old picnic', date: '2020-01-01', time: null }),
  event({ _id: 'e4', name: 'Draft gala', status: 'Draft' }),
]);

/** A content service answering the two public lists (as the content service's schemas say), and counting asks. */
async function startContent(options: { delayMs?: number } = {}): Promise<{ url: string; server: Server; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const body = req.url === '/blog/get' ? POSTS : req.url === '/events/get' ? EVENTS : undefined;
    if (req.url === '/healthz') return void res.end('{"status":"ok"}');
    const answer = () => {
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  return { url: await listenOnLoopback(server), server, asked };
}

let dir = '';
async function startGateway(contentUrl: string, extra: Record<string, string> = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `${PUBLIC_URL}/`,
    CONTENT_URL: contentUrl,
    SHELL_DIR: join(dir, 'shell'),
    REMOTE_CONTENT_DIR: join(dir, 'remotes'),
    REMOTE_MEMBERSHIP_DIR: join(dir, 'remotes'),
    REMOTE_ACCOUNT_DIR: join(dir, 'remotes'),
    REMOTE_STAFF_DIR: join(dir, 'remotes'),
    RELEASES_DIR: join(dir, 'releases'),
    REMOTES_REGISTRY_FILE: join(dir, 'remotes.json'),
    SHUTDOWN_GRACE_MS: '200',
    ...extra,
  });
  return start(config);
}

/** The head's tags: <meta name|property=… content=…> as a map, the title, links and JSON-LD blocks. */
function parseHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const meta = new Map<string, string>();
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) meta.set(key as string, unescape(value as string));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) => unescape(text as string));
  const links = [...head.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]*)">/g)].map(([, rel, lang, href]) => ({ rel, lang, href: unescape(href as string) }));
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, json]) => JSON.parse(json as string) as Record<string, unknown>);
  return { head, meta, titles, links, jsonLd };
}

const get = (gateway: RunningGateway, path: string) => fetch(`${gateway.url}${path}`, { headers: { Accept: 'text/html' } });

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gateway-seo-'));
  await mkdir(join(dir, 'shell'), { recursive: true });
  await mkdir(join(dir, 'remotes'), { recursive: true });
  await writeFile(join(dir, 'shell/index.html'), SHELL_HTML);
});
after(() => rm(dir, { recursive: true, force: true }));

describe('page heads, sitemap and robots.txt, over HTTP', () => {
  let content: Awaited<ReturnType<typeof startContent>>;
  let gateway: RunningGateway;
  before(async () => {
    content = await startContent();
    gateway = await startGateway(content.url);
  });
  after(async () => {
    await gateway.stop();
    await closeServer(content.server);
  });

  test("a post's URL carries its title, description, og:image (absolute), date and BlogPosting; the shell is unchanged", async () => {
    const res = await get(gateway, '/blog/p1');
    assert.equal(res.status, 200);
    const html = await res.text();
    const { meta, titles, links, jsonLd } = parseHead(html);
    assert.deepEqual(titles, ['Pongal 2026 | Adelaide Tamil Association']);
    assert.equal(meta.get('description'), 'A harvest festival with music and food for the whole community.');
    assert.equal(meta.get('og:title'), 'Pongal 2026 | Adelaide Tamil Association');
    assert.equal(meta.get('og:type'), 'article');
    assert.equal(meta.get('og:image'), `${PUBLIC_URL}/uploads/pongal.webp`);
    assert.equal(meta.get('og:url'), `${PUBLIC_URL}/blog/p1`);
    assert.equal(meta.get('og:site_name'), 'Adelaide Tamil Association');
    assert.equal(meta.get('og:locale'), 'en_AU');
    assert.equal(meta.get('article:published_time'), '2026-01-10T09:00:00.000Z');
    assert.equal(meta.get('twitter:card'), 'summary_large_image');
    assert.equal(meta.has('robots'), false);
    assert.equal(meta.get('description') === 'shell default', false);
    assert.deepEqual(links, [
      { rel: 'canonical', lang: undefined, href: `${PUBLIC_URL}/blog/p1` },
      { rel: 'alternate', lang: 'en', href: `${PUBLIC_URL}/blog/p1` },
      { rel: 'alternate', lang: 'ta', href: `${PUBLIC_URL}/blog/p1?lang=ta` },
      { rel: 'alternate', lang: 'x-default', href: `${PUBLIC_URL}/blog/p1` },
    ]);
    const [posting] = jsonLd;
    assert.equal(posting?.['@type'], 'BlogPosting');
    assert.equal(posting?.headline, 'Pongal 2026');
    assert.deepEqual(posting?.image, [`${PUBLIC_URL}/uploads/pongal.webp`]);
    assert.equal(posting?.datePublished, '2026-01-10T09:00:00.000Z');
    assert.deepEqual(posting?.mainEntityOfPage, { '@type': 'WebPage', '@id': `${PUBLIC_URL}/blog/p1` });
    // Hydrates as before: the root element and the shell's script are untouched; one description, one title.
    assert.match(html, /<script defer src="\/main\.0123456789\.js"><\/script>/);
    assert.match(html, /<body><div id="root"><\/div><\/body>/);
    // JSON-LD is data, not script: the page's CSP is as before (no inline scripts allowed, no hash or nonce needed).
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'(;| )/);
    assert.doesNotMatch(res.headers.get('content-security-policy') ?? '', /script-src[^;]*unsafe-inline/);
    assert.equal(html.match(/<meta name="description"/g)?.length, 1);
    assert.match(html, /<html lang="en">/);
    // The Tamil URL is the page in Tamil: <html lang="ta">, its own canonical, the post's Tamil title and summary.
    const tamilHtml = await (await get(gateway, '/blog/p1?lang=ta')).text();
    assert.match(tamilHtml, /<html lang="ta">/);
    const tamil = parseHead(tamilHtml);
    assert.equal(tamil.links[0]?.href, `${PUBLIC_URL}/blog/p1?lang=ta`);
    assert.deepEqual(tamil.titles, ['பொங்கல் 2026 | அடிலெய்டு தமிழ்ச் சங்கம்']);
    assert.equal(tamil.meta.get('description'), 'இசையும் உணவும் நிறைந்த அறுவடைத் திருவிழா.');
    assert.equal(tamil.meta.get('og:locale'), 'ta_IN');
    assert.equal(tamil.meta.get('og:locale:alternate'), 'en_AU');
    assert.equal(tamil.meta.get('og:url'), `${PUBLIC_URL}/blog/p1?lang=ta`);
    assert.equal(tamil.jsonLd[0]?.inLanguage, 'ta');
  });

  test('a title with "<>& cannot break the head: escaped in attributes and text, intact in the JSON-LD', async () => {
    const html = await (await get(gateway, '/blog/hostile')).text();
    const { head, meta, titles, jsonLd } = parseHead(html);
    assert.doesNotMatch(head, /<script>alert/);
    assert.equal(head.match(/<\/title>/g)?.length, 1);
    assert.equal(head.match(/<script/g)?.length, (head.match(/<\/script>/g) ?? []).length);
    assert.deepEqual(titles, [`${HOSTILE} | Adelaide Tamil Association`]);
    assert.equal(meta.get('og:title'), `${HOSTILE} | Adelaide Tamil Association`);
    assert.equal(meta.get('twitter:card'), 'summary');
    assert.equal(meta.has('og:image'), false);
    assert.equal(jsonLd[0]?.headline, HOSTILE);
    // An id that needs encoding: the canonical is the encoded path, the image URL-encoded.
    const spaced = parseHead(await (await get(gateway, `/blog/${encodeURIComponent('a b/c')}`)).text());
    assert.equal(spaced.meta.get('og:url'), `${PUBLIC_URL}/blog/a%20b%2Fc`);
    assert.equal(spaced.meta.get('og:image'), `${PUBLIC_URL}/uploads/x%20y.webp`);
    assert.deepEqual([spaced.meta.get('og:image:width'), spaced.meta.get('og:image:height'), spaced.meta.get('og:image:alt')], ['1600', '900', 'A stage']);
  });

  test('an unknown post: served (the page shows its not-found) with the generic blog head and noindex', async () => {
    const res = await get(gateway, '/blog/no-such-post');
    assert.equal(res.status, 200);
    const { meta, titles } = parseHead(await res.text());
    assert.deepEqual(titles, ['Blog | Adelaide Tamil Association']);
    assert.equal(meta.get('robots'), 'noindex');
  });

  test("/events: an ItemList of the current events, each with every property Google's event results require", async () => {
    const { meta, jsonLd } = parseHead(await (await get(gateway, '/events')).text());
    assert.equal(meta.get('og:image'), `${PUBLIC_URL}/uploads/ny.webp`);
    assert.match(meta.get('description') ?? '', new RegExp(`^Next: Tamil New Year, \\w{3} 15 January ${NEXT_YEAR}, 6:30 pm, 12 King William St\\.`));
    const list = jsonLd.find((block) => block['@type'] === 'ItemList');
    assert.ok(list, 'an ItemList');
    const items = (list.itemListElement as Array<{ position: number; item: Record<string, unknown> }>).map(({ item }) => item);
    assert.deepEqual(items.map((item) => item.name), ['Tamil New Year', 'Winter concert'], 'past and draft events left out');
    for (const item of items) {
      for (const key of ['name', 'startDate', 'location', 'eventStatus', 'image', 'description', 'eventAttendanceMode']) assert.ok(item[key] !== undefined, `${String(item.name)}: ${key}`);
      const location = item.location as { '@type': string; name: string; address: Record<string, string> };
      assert.equal(location['@type'], 'Place');
      assert.equal(location.name, '12 King William St');
      assert.deepEqual(location.address, { '@type': 'PostalAddress', streetAddress: '12 King William St', addressLocality: 'Adelaide', addressRegion: 'SA', addressCountry: 'AU' });
      for (const image of item.image as string[]) assert.match(image, /^https:\/\/tamil\.example\.org\//);
    }
    const [newYear, concert] = items;
    assert.equal(newYear?.startDate, `${NEXT_YEAR}-01-15T18:30:00+10:30`, 'summer time in Adelaide');
    assert.equal(newYear?.eventStatus, 'https://schema.org/EventScheduled');
    assert.deepEqual(newYear?.offers, { '@type': 'Offer', url: 'https://tickets.example.org/ny', availability: 'https://schema.org/InStock', validFrom: `${NEXT_YEAR}-01-15` });
    assert.equal(concert?.startDate, `${NEXT_YEAR}-06-20T19:00:00+09:30`, 'standard time in Adelaide');
    assert.equal(concert?.eventStatus, 'https://schema.org/EventCancelled');
    assert.equal(concert?.offers, undefined, 'no ticket link, no offer');
  });

  test("an event's own URL carries its name, date, place and picture, and an Event with every required property", async () => {
    const html = await (await get(gateway, '/event/e1')).text();
    const { meta, titles, links, jsonLd } = parseHead(html);
    assert.deepEqual(titles, ['Tamil New Year | Adelaide Tamil Association']);
    assert.match(meta.get('description') ?? '', new RegExp(`^\\w{3} 15 January ${NEXT_YEAR}, 6:30 pm, 12 King William St\\. Celebrations\\.$`));
    assert.equal(meta.get('og:image'), `${PUBLIC_URL}/uploads/ny.webp`);
    assert.equal(links[0]?.href, `${PUBLIC_URL}/event/e1`);
    const [block] = jsonLd;
    assert.equal(block?.['@context'], 'https://schema.org');
    assert.equal(block?.['@type'], 'Event');
    for (const key of ['name', 'startDate', 'location', 'eventStatus', 'image', 'description', 'offers']) assert.ok(block?.[key] !== undefined, key);
    assert.equal(block?.url, `${PUBLIC_URL}/event/e1`);
    assert.equal(block?.startDate, `${NEXT_YEAR}-01-15T18:30:00+10:30`);
    // In Tamil: the Tamil name where the event has one, the English place where it has none.
    const tamil = parseHead(await (await get(gateway, '/event/e1?lang=ta')).text());
    assert.deepEqual(tamil.titles, ['தமிழ்ப் புத்தாண்டு | அடிலெய்டு தமிழ்ச் சங்கம்']);
    assert.match(tamil.meta.get('description') ?? '', /12 King William St\./);
    // A cancelled event says so; a draft or an unknown id is not indexed.
    const cancelled = parseHead(await (await get(gateway, '/event/e2')).text());
    assert.match(cancelled.meta.get('description') ?? '', /^Cancelled: /);
    assert.equal(cancelled.jsonLd[0]?.eventStatus, 'https://schema.org/EventCancelled');
    for (const path of ['/event/e4', '/event/nope']) assert.equal(parseHead(await (await get(gateway, path)).text()).meta.get('robots'), 'noindex', path);
  });

  test('/ carries the Organization; private pages are noindex; a page without an image is a summary card', async () => {
    const home = parseHead(await (await get(gateway, '/')).text());
    assert.deepEqual(home.titles, ['Adelaide Tamil Association']);
    assert.deepEqual(home.jsonLd.map((block) => block['@type']), ['Organization']);
    assert.equal(home.jsonLd[0]?.url, `${PUBLIC_URL}/`);
    assert.equal(home.meta.get('twitter:card'), 'summary');
    const about = parseHead(await (await get(gateway, '/about/')).text());
    assert.deepEqual(about.titles, ['About us | Adelaide Tamil Association']);
    assert.equal(about.meta.has('robots'), false);
    assert.equal(about.links[0]?.href, `${PUBLIC_URL}/about`);
    for (const path of ['/profile', '/staff', '/staff/people', '/reset-password/abc', '/success', '/cancel', '/payment', '/forms', '/confirmation', '/no-such-page']) {
      const res = await get(gateway, path);
      assert.equal(res.status, 200, path);
      const { meta, jsonLd } = parseHead(await res.text());
      assert.equal(meta.get('robots'), 'noindex', path);
      assert.deepEqual(jsonLd, [], path);
    }
  });

  test('/sitemap.xml: well-formed XML listing the pages, posts and current events with lastmod and hreflang alternates', async () => {
    const res = await fetch(`${gateway.url}/sitemap.xml`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    const xml = await res.text();
    assertWellFormed(xml);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => (loc as string).replace(/&amp;/g, '&'));
    for (const path of ['/', '/about', '/events', '/blog', '/terms&conditions', '/blog/p1', '/blog/hostile', '/blog/a%20b%2Fc']) assert.ok(locs.includes(`${PUBLIC_URL}${path}`), path);
    for (const path of ['/profile', '/staff', '/success', '/blog/:id', '/event/:id', '/event/e3', '/event/e4']) assert.ok(!locs.includes(`${PUBLIC_URL}${path}`), path);
    for (const path of ['/event/e1', '/event/e2']) assert.ok(locs.includes(`${PUBLIC_URL}${path}`), `current event ${path}`);
    assert.match(xml, /<url><loc>https:\/\/tamil\.example\.org\/blog\/p1<\/loc><lastmod>2026-01-10T09:00:00\.000Z<\/lastmod>/);
    assert.match(xml, /<loc>https:\/\/tamil\.example\.org\/blog<\/loc><lastmod>2026-02-01T00:00:00\.000Z<\/lastmod>/);
    assert.match(xml, /<xhtml:link rel="alternate" hreflang="ta" href="https:\/\/tamil\.example\.org\/about\?lang=ta"\/>/);
  });

  test('/robots.txt: allows all but the private and API paths, and names the sitemap', async () => {
    const res = await fetch(`${gateway.url}/robots.txt`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    assert.equal(lines[0], 'User-agent: *');
    for (const line of ['Allow: /', 'Disallow: /staff', 'Disallow: /profile', 'Disallow: /auth/', 'Disallow: /blog/get', 'Disallow: /events/get', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]) assert.ok(lines.includes(line), line);
    assert.ok(!lines.includes('Disallow: /uploads/'), 'pictures stay crawlable');
    assert.ok(!lines.includes('Disallow: /events'), 'the events page stays crawlable');
  });

  test('the lists are fetched once and kept: more pages do not ask the content service again at once', async () => {
    const before = content.asked.filter((url) => url === '/blog/get').length;
    for (let i = 0; i < 5; i++) await (await get(gateway, '/blog/p1')).text();
    assert.equal(content.asked.filter((url) => url === '/blog/get').length, before);
  });
});

describe('content down or slow: the generic head within the time-box, the page 200', () => {
  test('refused connection', async () => {
    const gateway = await startGateway(await closedPortUrl(), { SEO_CONTENT_WAIT_MS: '200' });
    try {
      const started = performance.now();
      const res = await get(gateway, '/blog/p1');
      assert.equal(res.status, 200);
      const { meta, titles, links } = parseHead(await res.text());
      assert.ok(performance.now() - started < 1500);
      assert.deepEqual(titles, ['Blog | Adelaide Tamil Association']);
      assert.equal(meta.has('robots'), false, 'a post that may exist is not noindexed for an outage');
      assert.equal(links[0]?.href, `${PUBLIC_URL}/blog/p1`);
      const sitemap = await fetch(`${gateway.url}/sitemap.xml`);
      assert.equal(sitemap.status, 200);
      assert.match(await sitemap.text(), /<loc>https:\/\/tamil\.example\.org\/about<\/loc>/);
    } finally {
      await gateway.stop();
    }
  });

  test('an answer slower than the time-box', async () => {
    const slow = await startContent({ delayMs: 1500 });
    const gateway = await startGateway(slow.url, { SEO_CONTENT_WAIT_MS: '150' });
    try {
      const started = performance.now();
      const res = await get(gateway, '/events');
      assert.equal(res.status, 200);
      const { titles, jsonLd } = parseHead(await res.text());
      const took = performance.now() - started;
      assert.ok(took < 1000, `took ${took} ms`);
      assert.deepEqual(titles, ['Events | Adelaide Tamil Association']);
      assert.deepEqual(jsonLd, []);
    } finally {
      await gateway.stop();
      await closeServer(slow.server);
    }
  });
});

describe('seo helpers', () => {
  test('Adelaide offsets, current events, escaping, robots', () => {
    assert.equal(adelaideDateTime('2027-01-15', '09:00'), '2027-01-15T09:00:00+10:30');
    assert.equal(adelaideDateTime('2027-07-15', '09:00'), '2027-07-15T09:00:00+09:30');
    assert.equal(adelaideDateTime('2027-07-15', null), '2027-07-15');
    const multiDay = event({ date: '2027-03-01', endDate: '2027-03-05' });
    assert.deepEqual(currentEvents([multiDay], '2027-03-04').length, 1, 'still on');
    assert.deepEqual(currentEvents([multiDay], '2027-03-06').length, 0, 'over');
    assert.equal(escapeHtml(`"<>&'`), '&quot;&lt;&gt;&amp;&#39;');
    assert.match(robotsTxt('http://x.test'), /\nSitemap: http:\/\/x\.test\/sitemap\.xml\n$/);
  });

  test('fuzz (fast-check): 300 posts with names, bodies and ids of hostile characters never break the head', () => {
    const alphabet = ['"', "'", '<', '>', '&', '/', '\\', '\u2028', '</script>', '<!--', ']]>', '&amp;', 'தமிழ்', ' ', 'a', '\n', '%', '?', '#'];
    const text = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, text, text, (name, id, desc, image) => {
        const posts = blogListSchema.parse([post({ _id: id, name, desc, image })]);
        const html = `<html><head>${renderHead(pageHead(PUBLIC_URL, `/blog/${encodeURIComponent(id)}`, { posts }))}</head><body></body></html>`;
        const { head, meta, titles, jsonLd } = parseHead(html);
        assert.equal(head.match(/<title>/g)?.length, 1);
        assert.equal(head.match(/<script/g)?.length, 1);
        assert.deepEqual(titles, [`${name} | Adelaide Tamil Association`]);
        assert.equal(meta.get('og:title'), `${name} | Adelaide Tamil Association`);
        assert.equal(jsonLd[0]?.headline, name);
        assert.equal(meta.get('og:url'), `${PUBLIC_URL}/blog/${encodeURIComponent(id)}`);
        assert.match(meta.get('og:image') ?? '', /^https:\/\/tamil\.example\.org\/uploads\/[^"<>\s]+$/);
      }),
      { numRuns: 300 },
    );
  });
});

/** Every element closed in order, one root, attributes quoted: enough to know a parser will read it. */
function assertWellFormed(xml: string): void {
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  assert.doesNotMatch(body.replace(/&(amp|lt|gt|quot|#39);/g, ''), /&/, 'every & escaped');
  const stack: string[] = [];
  let roots = 0;
  for (const [tag, closing, name, attrs, selfClosing] of body.matchAll(/<(\/?)([\w:]+)((?:\s+[\w:]+="[^"<]*")*)\s*(\/?)>/g)) {
    void attrs;
    if (closing) assert.equal(stack.pop(), name, `${tag} closes what is open`);
    else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name as string);
    }
  }
  assert.deepEqual(stack, []);
  assert.equal(roots, 1);
  assert.doesNotMatch(body.replace(/<(\/?)([\w:]+)((?:\s+[\w:]+="[^"<]*")*)\s*(\/?)>/g, ''), /[<>]/, 'no stray < or >');
}
