import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { blogListSchema } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, answersWith, fuzzAndCheck, fuzzSeed, startIdentityStub, startRedisServer, type FuzzReport, type FuzzTarget, type IdentityStub, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { importContent } from '../../domain/content-import/import-content.js';
import { siteToday } from '../../domain/site-dates.js';
import { start } from '../../server.js';
import { sampleFolder, writeContentFolder } from '../../testing/content-fixtures.js';

/**
 * The content GET endpoints that read parameters, under generated input (issue 13, fuzzing): 1,000 seeded
 * requests each — the path parameter of /events/:file and /uploads/:file, the headers the lists and calendars
 * read (Accept-Encoding, If-None-Match), the calendars' lang, and the Bearer header of /email/mine and /supportdesk/mine (identity
 * is service-kit's stub on a real port) — each answered below 500 and every 4xx with a JSON `error` and
 * `message`; the service still ready after. The lists read no query string: the generator adds junk ones
 * anyway. A failure prints its seed: replay with FUZZ_SEED=<seed> npm test.
 */

const SEED = fuzzSeed(20261127);
const COUNT = 1000;
const TIME_CAP_MS = 30_000;
const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

let db: TestDatabase;
let redis: TestRedisServer;
let identity: IdentityStub;
let running: { url: string; stop(): Promise<void> };
let pool: Pool;
let cleanupFolder: (() => Promise<void>) | undefined;
let bearer: string;

before(async () => {
  db = await createTestDatabase('content_published_fuzz');
  redis = await startRedisServer();
  identity = await startIdentityStub();
  const config = loadContentConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    CONTENT_SEED_DIR: '',
    CONTACT_RATE_LIMIT: '0',
    TICKET_RATE_LIMIT: '0',
    IDENTITY_URL: identity.url,
    CONTENT_REVISION_POLL_MS: '60000',
  });
  running = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'published-content-fuzz-test' });
  const folder = await writeContentFolder(await sampleFolder());
  cleanupFolder = folder.cleanup;
  const client = await pool.connect();
  try {
    await importContent(client, folder.dir, { today: siteToday() });
  } finally {
    client.release();
  }
  // Something for "mine" to list: a message and a ticket sent with the member's session.
  bearer = `Bearer ${identity.issue().token}`;
  const headers = { 'Content-Type': 'application/json', Authorization: bearer };
  const contact = { name: 'Kavitha Raman', phoneNumber: '0412 345 678', senderEmail: 'kavitha@example.org', subject: 'Pongal festival', message: 'When does it start?' };
  const ticket = { name: 'Arun Kumar', email: 'arun@example.org', countryCode: '+61', phone: '0400 111 222', issueType: 'billing', issueDescription: 'Charged twice.' };
  assert.equal((await fetch(`${running.url}/email/send`, { method: 'POST', headers, body: JSON.stringify(contact) })).status, 201);
  assert.equal((await fetch(`${running.url}/supportdesk/add`, { method: 'POST', headers, body: JSON.stringify(ticket) })).status, 201);
});

after(async () => {
  await running?.stop();
  await pool?.end();
  await identity?.close();
  await redis?.stop();
  await db?.drop();
  await cleanupFolder?.();
});


async function fuzz(target: Omit<FuzzTarget, 'baseUrl' | 'method'>): Promise<FuzzReport> {
  return fuzzAndCheck({ baseUrl: running.url, method: 'GET', ...target }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 }, 'some answered 200');
}

async function etagOf(path: string): Promise<string> {
  const res = await fetch(`${running.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
  assert.equal(res.status, 200);
  return res.headers.get('etag') ?? '';
}

describe('the published content GET endpoints under fuzzed parameters', () => {
  it(`GET /events/:file: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz({ path: '/events/:file', pathParams: { file: ['tamil-new-year.ics', 'film-night.ics'] }, headerParams: { 'If-None-Match': [await etagOf('/events/film-night.ics')] } });
    assert.ok(answersWith(report, 404) > 0, 'unknown events are 404');
  });

  it(`GET /uploads/:file: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const blog = blogListSchema.parse(await (await fetch(`${running.url}/blog/get`)).json());
    const files = (blog[0]?.imageMeta?.variants ?? []).map((variant) => variant.file);
    assert.ok(files.length > 0, 'the sample has pictures');
    const report = await fuzz({ path: '/uploads/:file', pathParams: { file: files } });
    assert.ok(answersWith(report, 404) > 0 && answersWith(report, 400) > 0, 'unknown names are 404, paths and broken encodings 400');
  });

  it(`GET /events/get (Accept-Encoding, If-None-Match, junk query strings): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    await fuzz({ path: '/events/get', headerParams: { 'Accept-Encoding': ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', 'identity'], 'If-None-Match': [await etagOf('/events/get'), '*'] } });
  });

  it(`GET /events/calendar.ics (lang, If-None-Match, junk query strings): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz({ path: '/events/calendar.ics', query: { lang: ['en', 'ta'] }, headerParams: { 'If-None-Match': [await etagOf('/events/calendar.ics')] } });
    assert.ok(answersWith(report, 400) > 0, 'a language other than en or ta is 400');
  });

  for (const path of ['/email/mine', '/supportdesk/mine']) {
    it(`GET ${path} (Bearer): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
      const report = await fuzz({ path, headerParams: { Authorization: [bearer] } });
      assert.ok(answersWith(report, 401) > 0, 'anything but the session is 401');
      assert.equal(answersWith(report, 503), 0, 'identity answered every lookup');
    });
  }
});
