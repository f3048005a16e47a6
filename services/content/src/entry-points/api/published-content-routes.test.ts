import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { apiErrorSchema, BLOG_EXCERPT_MAX, blogListSchema, blogSummarySchema, eventListSchema, excerpt, LATEST_POSTS_COUNT, latestPostsSchema, galleryListSchema, sponsorListSchema, teamListSchema, eventCalendarPath, eventsCalendarPath, EVENTS_CALENDAR_PATH } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '@tca/service-kit/testing';
import { addDays, siteToday } from '../../domain/site-dates.js';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { importContent } from '../../domain/content-import/import-content.js';
import { start } from '../../server.js';
import { encodedEtag } from '../../domain/catalog/content-coding.js';
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

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (fetch would ask for gzip itself and decompress). */
  body: Buffer;
}

/** A request with exactly these headers (no Accept-Encoding unless given); the body is not decompressed. */
function raw(url: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The identity bytes of an answer in any of the codings the lists are sent in. */
function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  assert.equal(coding, undefined, `unexpected Content-Encoding ${String(coding)}`);
  return answer.body;
}

const LIST_PATHS = ['/blog/get', '/blog/latest', '/gallery/get', '/teammanagement/get', '/events/get', '/sponsorship/get'] as const;

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

  it('offers a feed of the events that have not ended (Active, and Cancelled ones as STATUS:CANCELLED; never drafts)', async () => {
    const res = await fetch(`${site.url}${EVENTS_CALENDAR_PATH}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const ics = await res.text();
    const uids = [...ics.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    assert.deepEqual(uids, ['film-night@tamil.example.org', 'tamil-new-year@tamil.example.org']);
    assert.match(ics, new RegExp(`DTSTART;VALUE=DATE:${addDays(siteToday(), -1).replaceAll('-', '')}\\r\\n`));
    assert.match(ics, new RegExp(`DTEND;VALUE=DATE:${addDays(siteToday(), 2).replaceAll('-', '')}\\r\\n`));
  });

  it('a calendar for the Tamil site (?lang=ta): the feed named in Tamil; another language is a 400 JSON error', async () => {
    const feed = await fetch(`${site.url}${eventsCalendarPath('ta')}`);
    assert.equal(feed.status, 200);
    // Unfolded: lines longer than 75 octets continue on the next (RFC 5545), between whole characters.
    const ics = (await feed.text()).replaceAll('\r\n ', '');
    assert.match(ics, /X-WR-CALNAME:அடிலெய்டு தமிழ்ச் சங்க நிகழ்வுகள்\r\n/);
    assert.match(ics, /UID:tamil-new-year@tamil\.example\.org\r\n/);
    assert.notEqual(feed.headers.get('etag'), (await fetch(`${site.url}${EVENTS_CALENDAR_PATH}`)).headers.get('etag'), 'each language is its own representation');
    assert.equal((await fetch(`${site.url}${eventCalendarPath('tamil-new-year', 'ta')}`)).status, 200);
    for (const path of [`${EVENTS_CALENDAR_PATH}?lang=fr`, `${eventCalendarPath('tamil-new-year')}?lang=`]) {
      const refused = await fetch(`${site.url}${path}`);
      assert.equal(refused.status, 400, path);
      assert.equal(apiErrorSchema.parse(await refused.json()).error, 'invalid_language');
    }
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
    // (`ta`, the optional Tamil versions of issue 17, is sent only for a post that has them.)
    const fields = Object.keys(blogSummarySchema.shape).filter((key) => key !== 'ta').sort();
    for (const card of raw) assert.deepEqual(Object.keys(card).filter((key) => key !== 'ta').sort(), fields);

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

  it('still compresses the lists (built with the list, kept in memory)', async () => {
    for (const path of LIST_PATHS) {
      const identity = await raw(site.url, path);
      for (const coding of ['br', 'gzip']) {
        const answer = await raw(site.url, path, { 'Accept-Encoding': coding });
        assert.equal(answer.status, 200, path);
        assert.equal(answer.headers['content-encoding'], coding, path);
        assert.deepEqual(decoded(answer), identity.body, `${path} ${coding}`);
        assert.equal(answer.headers.etag, encodedEtag(identity.headers.etag ?? '', coding === 'br' ? 'br' : 'gzip'));
        assert.equal((await raw(site.url, path, { 'Accept-Encoding': coding, 'If-None-Match': answer.headers.etag ?? '' })).status, 304);
      }
    }
  });
});

describe('compressed content lists', () => {
  let site: Site;
  before(async () => {
    site = await startSite();
    await site.importFolder(await sampleFolder());
  });
  after(async () => {
    await site?.close();
  });

  it('sends every list in br, gzip or identity as accepted, each decompressing to the identity bytes', async () => {
    for (const path of LIST_PATHS) {
      const identity = await raw(site.url, path);
      assert.equal(identity.status, 200, path);
      assert.equal(identity.headers['content-encoding'], undefined, path);
      assert.equal(identity.headers.vary, 'Accept-Encoding', path);
      assert.equal(Number(identity.headers['content-length']), identity.body.length, path);
      const etag = identity.headers.etag ?? '';
      assert.match(etag, /^"[\w-]+"$/);
      const cases: Array<[string, 'br' | 'gzip' | undefined]> = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br', 'br'],
        ['identity', undefined],
        ['', undefined],
      ];
      for (const [acceptEncoding, coding] of cases) {
        const answer = await raw(site.url, path, { 'Accept-Encoding': acceptEncoding });
        const what = `${path} with Accept-Encoding: ${acceptEncoding}`;
        assert.equal(answer.status, 200, what);
        assert.equal(answer.headers['content-encoding'], coding, what);
        assert.equal(answer.headers.vary, 'Accept-Encoding', what);
        assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8', what);
        assert.equal(answer.headers['cache-control'], 'no-cache', what);
        assert.equal(Number(answer.headers['content-length']), answer.body.length, what);
        assert.equal(answer.headers.etag, coding ? encodedEtag(etag, coding) : etag, what);
        assert.deepEqual(decoded(answer), identity.body, what);
        if (coding) assert.ok(answer.body.length < identity.body.length, what);
      }
    }
  });

  it('answers 304 to the ETag of the encoding it would send, and 200 to another encoding\'s ETag', async () => {
    const identity = await raw(site.url, '/blog/get');
    const br = await raw(site.url, '/blog/get', { 'Accept-Encoding': 'br' });
    const gzip = await raw(site.url, '/blog/get', { 'Accept-Encoding': 'gzip' });
    const etags = { identity: identity.headers.etag ?? '', br: br.headers.etag ?? '', gzip: gzip.headers.etag ?? '' };
    assert.equal(new Set(Object.values(etags)).size, 3);
    for (const [acceptEncoding, etag] of [['br', etags.br], ['gzip', etags.gzip], ['', etags.identity]] as const) {
      const notModified = await raw(site.url, '/blog/get', { 'Accept-Encoding': acceptEncoding, 'If-None-Match': `"other", W/${etag}` });
      assert.equal(notModified.status, 304, acceptEncoding);
      assert.equal(notModified.body.length, 0);
      assert.equal(notModified.headers.etag, etag);
      assert.equal(notModified.headers.vary, 'Accept-Encoding');
      assert.equal(notModified.headers['content-encoding'], undefined);
    }
    // The identity ETag while accepting br: another representation, so the br one is sent in full.
    const other = await raw(site.url, '/blog/get', { 'Accept-Encoding': 'br', 'If-None-Match': etags.identity });
    assert.equal(other.status, 200);
    assert.equal(other.headers['content-encoding'], 'br');
    assert.deepEqual(other.body, br.body);
    const gzipEtagForBr = await raw(site.url, '/blog/get', { 'Accept-Encoding': 'gzip, br', 'If-None-Match': etags.gzip });
    assert.equal(gzipEtagForBr.status, 200);
    assert.equal(gzipEtagForBr.headers.etag, etags.br);
    const brEtagForIdentity = await raw(site.url, '/blog/get', { 'If-None-Match': etags.br });
    assert.equal(brEtagForIdentity.status, 200);
    assert.deepEqual(brEtagForIdentity.body, identity.body);
  });

  it('honours q=0 and *', async () => {
    const cases: Array<[string, string | undefined]> = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0.1', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['br;q=0, *;q=0.5', 'gzip'],
      ['identity;q=0', undefined],
      ['*;q=0, identity;q=0', undefined],
      ['br;q=7, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
    ];
    const identity = await raw(site.url, '/gallery/get');
    for (const [acceptEncoding, coding] of cases) {
      const answer = await raw(site.url, '/gallery/get', { 'Accept-Encoding': acceptEncoding });
      assert.equal(answer.status, 200, acceptEncoding);
      assert.equal(answer.headers['content-encoding'], coding, acceptEncoding);
      assert.deepEqual(decoded(answer), identity.body, acceptEncoding);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const acceptEncoding of ['br', 'gzip', '']) {
      const get = await raw(site.url, '/events/get', { 'Accept-Encoding': acceptEncoding });
      const head = await raw(site.url, '/events/get', { 'Accept-Encoding': acceptEncoding }, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      for (const name of ['etag', 'vary', 'content-encoding', 'content-length', 'content-type', 'cache-control']) assert.equal(head.headers[name], get.headers[name], `${acceptEncoding} ${name}`);
      const notModified = await raw(site.url, '/events/get', { 'Accept-Encoding': acceptEncoding, 'If-None-Match': get.headers.etag ?? '' }, 'HEAD');
      assert.equal(notModified.status, 304);
    }
  });

  it('keeps the encodings in Redis next to the list, and another replica sends them as kept', async () => {
    const identity = await raw(site.url, '/teammanagement/get');
    const etag = identity.headers.etag ?? '';
    const redis = new Redis(testRedisUrl(), { lazyConnect: true });
    const config = loadContentConfig({ DATABASE_URL: site.db.url, REDIS_URL: testRedisUrl(), PORT: '0', CONTENT_SEED_DIR: '', PUBLIC_URL, CONTENT_REVISION_POLL_MS: '60000' });
    try {
      await redis.connect();
      const { rows } = await site.pool.query<{ cache_epoch: string; revision: number }>('SELECT cache_epoch, revision FROM content_revision');
      const key = `content:cache:${rows[0]?.cache_epoch ?? ''}:${rows[0]?.revision ?? 0}:list:team`;
      await eventually(async () => assert.equal(await redis.exists(key, `${key}:br`, `${key}:gzip`), 3));
      for (const coding of ['br', 'gzip'] as const) {
        const stored = (await redis.getBuffer(`${key}:${coding}`)) ?? Buffer.alloc(0);
        const newline = stored.indexOf(10);
        assert.equal(stored.subarray(0, newline).toString(), encodedEtag(etag, coding));
        const sent = await raw(site.url, '/teammanagement/get', { 'Accept-Encoding': coding });
        assert.deepEqual(stored.subarray(newline + 1), sent.body, coding);
      }
      // Stand-ins a replica can only have read from Redis: a br of other (still valid) bytes, and a gzip whose
      // ETag belongs to another build, which it must not trust (it compresses the identity bytes itself).
      const otherBr = brotliCompressSync(identity.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
      assert.notDeepEqual(otherBr, (await raw(site.url, '/teammanagement/get', { 'Accept-Encoding': 'br' })).body);
      await redis.set(`${key}:br`, Buffer.concat([Buffer.from(`${encodedEtag(etag, 'br')}\n`), otherBr]));
      await redis.set(`${key}:gzip`, Buffer.from('"another-build-gzip"\nnot gzip'));
      const replica = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
      try {
        // The replica reads Redis once its client is connected (readyz 200); before that it builds from Postgres.
        await eventually(async () => assert.equal((await fetch(`${replica.url}/readyz`)).status, 200));
        const br = await raw(replica.url, '/teammanagement/get', { 'Accept-Encoding': 'br' });
        assert.deepEqual(br.body, otherBr, 'the br bytes came from Redis');
        assert.equal(br.headers.etag, encodedEtag(etag, 'br'));
        const gzip = await raw(replica.url, '/teammanagement/get', { 'Accept-Encoding': 'gzip' });
        assert.equal(gzip.headers.etag, encodedEtag(etag, 'gzip'));
        assert.deepEqual(gunzipSync(gzip.body), identity.body);
        await eventually(async () => assert.match((await redis.getBuffer(`${key}:gzip`))?.subarray(0, 40).toString('latin1') ?? '', new RegExp(`^${encodedEtag(etag, 'gzip')}\n`)));
      } finally {
        await replica.stop();
      }
    } finally {
      redis.disconnect();
    }
  });

  it('changes every encoding with an import', async () => {
    const before = new Map<string, RawAnswer>();
    for (const acceptEncoding of ['br', 'gzip', '']) before.set(acceptEncoding, await raw(site.url, '/sponsorship/get', { 'Accept-Encoding': acceptEncoding }));
    const sample = await sampleFolder();
    await site.importFolder({ ...sample, sponsors: [...(sample.sponsors as unknown[]), { key: 'temple', name: 'Murugan Temple' }] });
    await eventually(async () => {
      const identity = await raw(site.url, '/sponsorship/get');
      const sponsors = sponsorListSchema.parse(JSON.parse(identity.body.toString('utf8')));
      assert.ok(sponsors.some((s) => s._id === 'temple'));
      for (const [acceptEncoding, old] of before) {
        const answer = await raw(site.url, '/sponsorship/get', { 'Accept-Encoding': acceptEncoding, 'If-None-Match': old.headers.etag ?? '' });
        assert.equal(answer.status, 200, acceptEncoding);
        assert.equal(answer.headers['content-encoding'], old.headers['content-encoding']);
        assert.notEqual(answer.headers.etag, old.headers.etag);
        assert.deepEqual(decoded(answer), identity.body, acceptEncoding);
      }
    }, 2000);
  });
});
