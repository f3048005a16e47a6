import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { apiErrorSchema, BLOG_EXCERPT_MAX, blogListSchema, blogSummarySchema, eventListSchema, excerpt, LATEST_POSTS_COUNT, latestPostsSchema, galleryListSchema, sponsorListSchema, teamListSchema, eventCalendarPath, EVENTS_CALENDAR_PATH } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '@tca/service-kit/testing';
import { addDays, siteToday } from '../../catalog/dates.js';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { importContent } from '../../import/importer.js';
import { start } from '../../server.js';
import { sampleFolder, writeContentFolder } from '../../testing/content-fixtures.js';

const PUBLIC_URL = 'https://tamil.example.org';

/** Polls `check` until it passes (a state reached), or fails with its last error after `ms`. */
async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(25);
    }
  }
}

interface Site {
  url: string;
  db: TestDatabase;
  pool: Pool;
  importFolder(spec: Awaited<ReturnType<typeof sampleFolder>>): Promise<void>;
  close(): Promise<void>;
}

/** A content service on a new database, with the sample folder imported the way the CLI does (another connection). */
async function startSite(options: { redisUrl?: string } = {}): Promise<Site> {
  const db = await createTestDatabase('content_read');
  const config = loadContentConfig({ DATABASE_URL: db.url, REDIS_URL: options.redisUrl ?? testRedisUrl(), PORT: '0', CONTENT_SEED_DIR: '', PUBLIC_URL, CONTENT_REVISION_POLL_MS: '60000' });
  const running = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-read-test' });
  const folders: Array<() => Promise<void>> = [];
  const importFolder = async (spec: Awaited<ReturnType<typeof sampleFolder>>) => {
    const folder = await writeContentFolder(spec);
    folders.push(folder.cleanup);
    const client = await pool.connect();
    try {
      await importContent(client, folder.dir, { today: siteToday() });
    } finally {
      client.release();
    }
  };
  return {
    url: running.url,
    db,
    pool,
    importFolder,
    async close() {
      await running.stop();
      await pool.end();
      await db.drop();
      for (const cleanup of folders) await cleanup();
    },
  };
}

describe('content read API', () => {
  let site: Site;
  before(async () => {
    site = await startSite();
    await site.importFolder(await sampleFolder());
  });
  after(async () => {
    await site?.close();
  });

  it('lists every kind of content in the contract shapes and the spec order', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${site.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      return res.json();
    };
    const blog = blogListSchema.parse(await get('/blog/get'));
    assert.deepEqual(blog.map((p) => p._id), ['pongal-2026', 'welcome']);
    assert.match(blog[0]?.html ?? '', /<h2>Pongal<\/h2>/);
    assert.ok(!(blog[0]?.html ?? '').includes('<script'));
    const gallery = galleryListSchema.parse(await get('/gallery/get'));
    assert.deepEqual(gallery.map((g) => g._id), ['pongal-2026', 'deepavali-2025']);
    const team = teamListSchema.parse(await get('/teammanagement/get'));
    assert.deepEqual(team.map((m) => m._id), ['president', 'treasurer']);
    const events = eventListSchema.parse(await get('/events/get'));
    assert.deepEqual(events.map((e) => e._id), ['old-picnic', 'film-night', 'tamil-new-year']);
    assert.ok(!events.some((e) => e.status === 'Draft'));
    const sponsors = sponsorListSchema.parse(await get('/sponsorship/get'));
    assert.deepEqual(sponsors.map((s) => s._id), ['spice-shop', 'bank']);
  });

  it('answers 304 to a matching If-None-Match, and 200 with the body otherwise', async () => {
    const first = await fetch(`${site.url}/blog/get`);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    const body = await first.text();
    const again = await fetch(`${site.url}/blog/get`, { headers: { 'If-None-Match': `"other", W/${etag ?? ''}` } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    const stale = await fetch(`${site.url}/blog/get`, { headers: { 'If-None-Match': '"stale"' } });
    assert.equal(stale.status, 200);
    assert.equal(await stale.text(), body);
  });

  it('keeps the built lists in Redis for the other replicas', async () => {
    await fetch(`${site.url}/teammanagement/get`).then((r) => r.arrayBuffer());
    const redis = new Redis(testRedisUrl(), { lazyConnect: true });
    try {
      await redis.connect();
      const { rows } = await site.pool.query<{ cache_epoch: string; revision: number }>('SELECT cache_epoch, revision FROM content_revision');
      const key = `content:cache:${rows[0]?.cache_epoch ?? ''}:${rows[0]?.revision ?? 0}:list:team`;
      await eventually(async () => assert.ok(await redis.exists(key), key));
      const stored = await redis.getBuffer(key);
      const live = await fetch(`${site.url}/teammanagement/get`);
      assert.equal(stored?.subarray(stored.indexOf(10) + 1).toString(), await live.text());
    } finally {
      redis.disconnect();
    }
  });

  it('serves stored pictures as immutable WebP, with 304, and refuses traversal', async () => {
    const blog = blogListSchema.parse(await (await fetch(`${site.url}/blog/get`)).json());
    const variants = blog[0]?.imageMeta?.variants ?? [];
    assert.deepEqual(variants.map((v) => v.width), [320, 640, 1280]);
    for (const variant of variants) {
      const res = await fetch(`${site.url}/uploads/${encodeURIComponent(variant.file)}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/webp');
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(0, 4).toString(), 'RIFF');
      assert.equal(bytes.subarray(8, 12).toString(), 'WEBP');
      const again = await fetch(`${site.url}/uploads/${variant.file}`, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } });
      assert.equal(again.status, 304);
    }
    const unknown = await fetch(`${site.url}/uploads/nothing-320-0000000000000000.webp`);
    assert.equal(unknown.status, 404);
    assert.equal(apiErrorSchema.parse(await unknown.json()).error, 'file_not_found');
    assert.equal((await fetch(`${site.url}/uploads/pongal.svg`)).status, 404);
    for (const attempt of ['..%2F..%2Fetc%2Fpasswd', '..%5Cwindows', 'a%00.webp', 'x..webp']) {
      const res = await fetch(`${site.url}/uploads/${attempt}`);
      assert.equal(res.status, 400, attempt);
      assert.equal(apiErrorSchema.parse(await res.json()).error, 'invalid_file_name');
    }
    assert.equal((await fetch(`${site.url}/uploads/%E0%A4%A`)).status, 400);
    // Clients resolve dot segments themselves: this one never reaches /uploads/.
    assert.equal((await fetch(`${site.url}/uploads/%2e%2e/%2e%2e/etc/passwd`)).status, 404);
  });

  it('gives one event as an iCalendar download, and 404 JSON for an unknown or draft one', async () => {
    const res = await fetch(`${site.url}${eventCalendarPath('tamil-new-year')}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="tamil-new-year.ics"');
    const ics = await res.text();
    const day = addDays(siteToday(), 14).replaceAll('-', '');
    assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics, new RegExp(`DTSTART;TZID=Australia/Adelaide:${day}T183000\\r\\n`));
    assert.match(ics, new RegExp(`DTEND;TZID=Australia/Adelaide:${day}T203000\\r\\n`));
    assert.match(ics, /BEGIN:VTIMEZONE\r\nTZID:Australia\/Adelaide/);
    assert.equal((await fetch(`${site.url}${eventCalendarPath('tamil-new-year')}`, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })).status, 304);
    for (const id of ['nope', 'secret-draft', 'bad id!']) {
      const missing = await fetch(`${site.url}${eventCalendarPath(id)}`);
      assert.equal(missing.status, 404, id);
      assert.equal(apiErrorSchema.parse(await missing.json()).error, 'event_not_found');
    }
  });

  it('offers a feed of the Active events that have not ended', async () => {
    const res = await fetch(`${site.url}${EVENTS_CALENDAR_PATH}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const ics = await res.text();
    const uids = [...ics.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    assert.deepEqual(uids, ['film-night@tamil.example.org', 'tamil-new-year@tamil.example.org']);
    assert.match(ics, new RegExp(`DTSTART;VALUE=DATE:${addDays(siteToday(), -1).replaceAll('-', '')}\\r\\n`));
    assert.match(ics, new RegExp(`DTEND;VALUE=DATE:${addDays(siteToday(), 2).replaceAll('-', '')}\\r\\n`));
  });

  it('serves new content as soon as an import in another process commits', async () => {
    const before = await fetch(`${site.url}/sponsorship/get`);
    const etag = before.headers.get('etag') ?? '';
    await before.arrayBuffer();
    const sample = await sampleFolder();
    await site.importFolder({ ...sample, sponsors: [{ key: 'bank', name: 'Community Bank of Adelaide' }] });
    await eventually(async () => {
      const res = await fetch(`${site.url}/sponsorship/get`, { headers: { 'If-None-Match': etag } });
      assert.equal(res.status, 200);
      const sponsors = sponsorListSchema.parse(await res.json());
      assert.equal(sponsors.find((s) => s._id === 'bank')?.name, 'Community Bank of Adelaide');
    }, 2000);
  });
});

describe('GET /blog/latest', () => {
  const post = (name: string, date: string, body: string) => `---\nname: ${name}\ndate: ${date}\n---\n${body}\n`;
  const longBody = `# Annual general meeting\n\nThe **committee** thanks every member who came. ${'We reviewed the year, the accounts and the plans for the new hall in detail. '.repeat(6)}`;
  // Two posts share a date: the order of their keys differs between localeCompare (the page) and a byte-wise collation.
  const posts = {
    'p-old.md': post('Old news', '2025-01-01', 'Long ago.'),
    'Zeta.md': post('Zeta', '2025-06-01', 'Same day, capital key.'),
    'alpha.md': post('Alpha', '2025-06-01', 'Same day, small key.'),
    'mid.md': post('Middle', '2025-03-01', 'In between.'),
    'agm.md': post('AGM', 'today-1', longBody),
  };
  let site: Site;
  before(async () => {
    site = await startSite();
    await site.importFolder({ ...(await sampleFolder()), posts });
  });
  after(async () => {
    await site?.close();
  });

  const latest = async (headers: Record<string, string> = {}) => fetch(`${site.url}/blog/latest`, { headers });

  it('answers the newest posts as cards: excerpts, no bodies, in the home page order', async () => {
    const res = await latest();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const raw = (await res.json()) as Array<Record<string, unknown>>;
    const cards = latestPostsSchema.parse(raw);
    assert.equal(cards.length, LATEST_POSTS_COUNT);
    assert.deepEqual(cards.map((c) => c._id), ['agm', 'alpha', 'Zeta']);
    // Nothing but the summary's fields: the bodies (desc, html) stay on /blog/get.
    for (const card of raw) assert.deepEqual(Object.keys(card).sort(), Object.keys(blogSummarySchema.shape).sort());

    const full = blogListSchema.parse(await (await fetch(`${site.url}/blog/get`)).json());
    for (const card of cards) {
      const source = full.find((p) => p._id === card._id);
      assert.ok(source, card._id);
      assert.equal(card.excerpt, excerpt(source.desc, BLOG_EXCERPT_MAX));
      assert.deepEqual([card.name, card.date, card.image, card.imageMeta], [source.name, source.date, source.image, source.imageMeta]);
    }
    const agm = cards[0]?.excerpt ?? '';
    assert.ok(agm.length <= BLOG_EXCERPT_MAX + 1 && agm.endsWith('…'), agm);
    assert.ok(!agm.includes('**') && !agm.includes('#'), agm);
  });

  it('answers 304 to its ETag, and HEAD without a body', async () => {
    const first = await latest();
    const etag = first.headers.get('etag') ?? '';
    assert.match(etag, /^"[\w-]+"$/);
    await first.arrayBuffer();
    const again = await latest({ 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    const head = await fetch(`${site.url}/blog/latest`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal(await head.text(), '');
  });

  it('changes with an import (a newer post comes first, under a new ETag)', async () => {
    const before = await latest();
    const etag = before.headers.get('etag') ?? '';
    await before.arrayBuffer();
    await site.importFolder({ posts: { ...posts, 'breaking.md': post('Breaking', 'today', 'Just in.') } });
    await eventually(async () => {
      const res = await latest({ 'If-None-Match': etag });
      assert.equal(res.status, 200);
      assert.notEqual(res.headers.get('etag'), etag);
      assert.deepEqual(latestPostsSchema.parse(await res.json()).map((c) => c._id), ['breaking', 'agm', 'alpha']);
    }, 2000);
  });
});

describe('content read API without Redis', () => {
  let site: Site;
  before(async () => {
    site = await startSite({ redisUrl: 'redis://127.0.0.1:1' });
    await site.importFolder(await sampleFolder());
  });
  after(async () => {
    await site?.close();
  });

  it('still answers every list (the cache is skipped, never failed)', async () => {
    for (const path of ['/blog/get', '/blog/latest', '/gallery/get', '/teammanagement/get', '/events/get', '/sponsorship/get', EVENTS_CALENDAR_PATH]) {
      const started = Date.now();
      const res = await fetch(`${site.url}${path}`);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
      assert.ok(Date.now() - started < 2000, `${path} took ${Date.now() - started} ms`);
    }
  });
});
