/**
 * Fault injected (issue 13): PostgreSQL is stopped (fast shutdown: open sessions are ended with 57P01) for
 * about 5 s while accounts are registered and a member logs in, 4 requests at a time, and started again while
 * the requests go on. The identity service (in this process, rate limits off) runs on a PostgreSQL of the
 * test's own and a private redis-server. While the database is away it must answer 503 with a JSON error and
 * Retry-After (never 500) and /readyz 503; afterwards 201/200 again by itself (the same running service).
 * Every registration answered 201 must be stored (its e-mail is unique), every login answered 200 must have
 * its session stored (the SHA-256 of the token it returned).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loginAnswerSchema } from '@tca/contracts';
import {
  assertSurvivedPostgresRestart,
  formatRestartLoad,
  runThroughPostgresRestart,
  startPrivatePostgres,
  type PrivatePostgres,
} from '@tca/service-kit/testing';
import { SCHEMA } from '../../config.js';
import { tokenHash } from '../../domain/secrets.js';
import { call, GOOD_PASSWORD, registration, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

const TOTAL = 240;
const CONCURRENCY = 4;
/** Even n: a registration (201), odd n: a login of the member registered first (200). */
const okStatus = (n: number) => (n % 2 === 0 ? 201 : 200);

let postgres: PrivatePostgres | undefined;
let identity: TestIdentity | undefined;

before(async () => {
  postgres = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE identity');
  await admin.end();
  identity = await startTestIdentity('pg_restart', {}, { databaseUrl: postgres.urlFor('identity') });
});

after(async () => {
  await identity?.stop();
  await postgres?.remove();
});

const emailOf = (n: number) => `pg-restart-${n}.${process.pid}@example.org`;

test(`PostgreSQL restarted during ${TOTAL} registrations and logins: 503 while it is away, 201/200 again after, every success stored`, { timeout: 90_000 }, async () => {
  assert.ok(identity && postgres);
  const service = identity;
  const member = registration({ email: `pg-restart-member.${process.pid}@example.org` });
  const registered = await call(service, '/auth/register', member);
  assert.equal(registered.status, 201, await registered.text());

  const result = await runThroughPostgresRestart({
    server: postgres,
    serviceUrl: service.url,
    total: TOTAL,
    concurrency: CONCURRENCY,
    stopAfterAnswers: 60,
    downMs: 5000,
    backoffMs: 200,
    okStatus,
    send: (n) => (n % 2 === 0 ? call(service, '/auth/register', registration({ email: emailOf(n) })) : call(service, '/auth/login', { email: member.email, password: GOOD_PASSWORD })),
  });

  const reader = new pg.Client({ connectionString: postgres.urlFor('identity') });
  await reader.connect();
  const [users, sessions] = await Promise.all([
    reader.query<{ email: string; n: number }>(`SELECT lower(email) AS email, count(*)::int AS n FROM ${SCHEMA}.users WHERE email LIKE 'pg-restart-%' GROUP BY 1`),
    reader.query<{ token_hash: Buffer }>(`SELECT s.token_hash FROM ${SCHEMA}.sessions s JOIN ${SCHEMA}.users u ON u.id = s.user_id WHERE lower(u.email) = lower($1)`, [member.email]),
  ]).finally(() => reader.end());
  const storedUsers = new Map(users.rows.map((row) => [row.email, row.n]));
  const storedSessions = new Set(sessions.rows.map((row) => row.token_hash.toString('hex')));

  const registeredOk = result.answers.filter((a) => a.n % 2 === 0 && a.status === 201);
  const loggedIn = result.answers.filter((a) => a.n % 2 === 1 && a.status === 200);
  const lostUsers = registeredOk.filter((a) => !storedUsers.has(emailOf(a.n)));
  const lostSessions = loggedIn.filter((a) => !storedSessions.has(tokenHash(loginAnswerSchema.parse(a.body).token).toString('hex')));
  const twice = [...storedUsers].filter(([, n]) => n > 1).map(([email, n]) => `${email} x${n}`);
  const registeredAfter503 = result.answers.filter((a) => a.n % 2 === 0 && a.status === 503 && storedUsers.has(emailOf(a.n))).length;

  console.log(
    formatRestartLoad('identity, Postgres restarted', result, okStatus, {
      // The member registered before the run is one of the users; its sessions are the logins'.
      stored: storedUsers.size - 1 + storedSessions.size,
      lost: lostUsers.length + lostSessions.length,
      extra: `registrations 201 ${registeredOk.length}, logins 200 ${loggedIn.length}, sessions stored ${storedSessions.size}, registrations answered 503 but stored ${registeredAfter503}`,
    }),
  );

  assertSurvivedPostgresRestart(result, okStatus, 40);
  assert.deepEqual(lostUsers.map((a) => emailOf(a.n)), [], 'every registration answered 201 is stored');
  assert.deepEqual(lostSessions.map((a) => `#${a.n}`), [], 'every login answered 200 has its session stored');
  assert.deepEqual(twice, [], 'no account stored twice');
  assert.equal(storedUsers.size - 1, registeredOk.length + registeredAfter503, 'no account stored that was not registered');
});
