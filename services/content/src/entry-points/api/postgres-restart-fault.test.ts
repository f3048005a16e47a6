/**
 * Fault injected (issue 13): PostgreSQL is stopped (fast shutdown: open sessions are ended with 57P01) for
 * about 5 s while contact messages and support tickets are being submitted, 4 at a time, and started again
 * while the submitting goes on. The content API (in this process, rate limits off) runs on a PostgreSQL of
 * the test's own and a private redis-server. While the database is away the API must answer 503 with a JSON
 * error and Retry-After (never 500), /readyz must say 503; afterwards it must answer 201 again by itself
 * (the same running service); every submission answered 201 must be stored, once (each carries a unique
 * marker in its subject or description), and none answered 503 stored more than once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createLogger } from '@tca/service-kit';
import {
  assertSurvivedPostgresRestart,
  formatRestartLoad,
  runThroughPostgresRestart,
  startPrivatePostgres,
  startRedisServer,
  type PrivatePostgres,
  type TestRedisServer,
} from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { start } from '../../server.js';

const TOTAL = 400;
const CONCURRENCY = 4;
const MARKER = 'pg-restart';

let postgres: PrivatePostgres | undefined;
let redis: TestRedisServer | undefined;
let api: { url: string; stop(): Promise<void> } | undefined;

before(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startRedisServer()]);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE content');
  await admin.end();
  const config = loadContentConfig({
    DATABASE_URL: postgres.urlFor('content'),
    REDIS_URL: redis.url,
    PORT: '0',
    CONTACT_INBOX: 'office@tamil.example.org',
    SUPPORT_INBOX: 'help@tamil.example.org',
    CONTACT_RATE_LIMIT: '0',
    TICKET_RATE_LIMIT: '0',
    CONTENT_SEED_DIR: '',
  });
  api = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
});

after(async () => {
  await api?.stop();
  await redis?.remove();
  await postgres?.remove();
});

/** Even n: a contact message, odd n: a support ticket; the marker is the subject or the description. */
function send(apiUrl: string, n: number): Promise<Response> {
  const marker = `${MARKER}-${n}`;
  const [path, body] =
    n % 2 === 0
      ? ['/email/send', { name: `Sender ${n}`, phoneNumber: '0400 000 001', senderEmail: `sender${n}@example.org`, subject: marker, message: `Message number ${n}.` }]
      : ['/supportdesk/add', { name: `Member ${n}`, email: `member${n}@example.org`, countryCode: '+61', phone: '0400 000 002', issueType: 'general', issueDescription: marker }];
  return fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

test(`PostgreSQL restarted during ${TOTAL} contact and ticket submissions: 503 while it is away, 201 again after, every 201 stored once`, { timeout: 90_000 }, async () => {
  assert.ok(api && postgres);
  const apiUrl = api.url;
  const result = await runThroughPostgresRestart({
    server: postgres,
    serviceUrl: apiUrl,
    total: TOTAL,
    concurrency: CONCURRENCY,
    stopAfterAnswers: 120,
    downMs: 5000,
    backoffMs: 200,
    okStatus: 201,
    send: (n) => send(apiUrl, n),
  });

  // How many times each marker is stored (the service's own pool is not used: this reads the database directly).
  const reader = new pg.Client({ connectionString: postgres.urlFor('content') });
  await reader.connect();
  const { rows } = await reader
    .query<{ marker: string; n: number }>(
      `SELECT marker, count(*)::int AS n FROM (
         SELECT subject AS marker FROM ${SCHEMA}.contact_messages WHERE subject LIKE $1
         UNION ALL SELECT issue_description FROM ${SCHEMA}.support_tickets WHERE issue_description LIKE $1) AS stored
       GROUP BY marker`,
      [`${MARKER}-%`],
    )
    .finally(() => reader.end());
  const storedTimes = new Map(rows.map((row) => [row.marker, row.n]));
  const created = result.answers.filter((a) => a.status === 201);
  const lost = created.filter((a) => !storedTimes.has(`${MARKER}-${a.n}`));
  const twice = [...storedTimes].filter(([, n]) => n > 1).map(([marker, n]) => `${marker} x${n}`);
  const storedAfter503 = result.answers.filter((a) => a.status === 503 && storedTimes.has(`${MARKER}-${a.n}`)).length;

  console.log(
    formatRestartLoad('content, Postgres restarted', result, 201, {
      stored: storedTimes.size,
      lost: lost.length,
      extra: `answered 503 but stored (the commit went through as the connection was cut) ${storedAfter503}`,
    }),
  );

  assertSurvivedPostgresRestart(result, 201, 50);
  assert.deepEqual(lost.map((a) => `${MARKER}-${a.n}`), [], 'every submission answered 201 is stored');
  assert.deepEqual(twice, [], 'no submission stored twice');
  assert.equal(storedTimes.size, created.length + storedAfter503, 'nothing stored that was not submitted');
});
