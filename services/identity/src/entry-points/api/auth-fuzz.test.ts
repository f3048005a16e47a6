import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answersWith, fuzzAndCheck, fuzzSeed, type FuzzReport } from '@tca/service-kit/testing';
import { call, outboxMails, registerAndLogin, registration, resetTokenIn, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

/**
 * The public auth endpoints under generated input (issue 13, fuzzing): at least 1,000 seeded requests per
 * endpoint (rate limits off), each answered below 500 and every 4xx with a JSON `error` and `message`; for
 * register exactly one stored user per 201 answer; the service still ready after. A failure prints its seed:
 * replay with FUZZ_SEED=<seed> npm test.
 */

const SEED = fuzzSeed(20261127);
const COUNT = 1000;
const TIME_CAP_MS = 60_000;
const NEW_PASSWORD = 'Thiruvalluvar#2027';

let identity: TestIdentity;
/** A registered member's e-mail, password and session token (change-password needs a Bearer token). */
let member: { email: string; password: string; token: string };
let resetToken: string;

before(async () => {
  identity = await startTestIdentity('auth_fuzz');
  const { email, password, login } = await registerAndLogin(identity);
  member = { email, password, token: login.token };
  const forReset = await registerAndLogin(identity);
  const sent = await call(identity, '/auth/send-reset-email', { email: forReset.email });
  assert.equal(sent.status, 200, await sent.text());
  const mail = (await outboxMails(identity.pool, forReset.email)).at(-1);
  assert.ok(mail, 'a reset e-mail in the outbox');
  resetToken = resetTokenIn(mail);
});

after(async () => {
  await identity?.stop();
});

async function countUsers(): Promise<number> {
  const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? -1;
}


async function fuzz(path: string, validBodies: Record<string, unknown>[], headers?: Record<string, string>, method: 'POST' | 'PUT' = 'POST'): Promise<FuzzReport> {
  return fuzzAndCheck({ baseUrl: identity.url, method, path, validBodies, ...(headers ? { headers } : {}) }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

describe('the auth endpoints under fuzzed requests', () => {
  it(`POST /auth/register: ${COUNT} requests, no 5xx, every 4xx a JSON error, one stored user per 201`, TIMEOUT, async () => {
    const usersBefore = await countUsers();
    // The valid bodies of auth-api.test.ts: fixed e-mails, so a repeated valid body is a 409, not another hash.
    const report = await fuzz('/auth/register', [
      { ...registration(), email: 'fuzz.kavitha@example.org' },
      { ...registration({ firstName: '  Kavitha ' }), email: '  fuzz.meera@example.org  ' },
    ]);
    assert.ok(answersWith(report, 201) > 0, 'some generated registrations are valid and accepted');
    assert.equal((await countUsers()) - usersBefore, answersWith(report, 201), 'exactly one stored user per 201 answer, none from a refused request');
  });

  it(`POST /auth/login: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz('/auth/login', [{ email: member.email, password: member.password }]);
    assert.ok(answersWith(report, 200) > 0, 'some generated logins are valid and accepted');
  });

  it(`POST /auth/send-reset-email: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz('/auth/send-reset-email', [{ email: member.email }]);
    assert.ok(answersWith(report, 200) > 0, 'some generated requests are valid and accepted');
  });

  it(`POST /auth/reset-password: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz('/auth/reset-password', [{ token: resetToken, password: NEW_PASSWORD }]);
    assert.ok(answersWith(report, 200) > 0, 'the valid token was accepted (once)');
  });

  it(`POST /auth/change-password (signed in): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz('/auth/change-password', [{ email: member.email, currentPassword: member.password, newPassword: NEW_PASSWORD }], {
      Authorization: `Bearer ${member.token}`,
    });
    assert.ok(answersWith(report, 200) > 0, 'the valid change was accepted');
    assert.equal(answersWith(report, 401), 0, 'the session stayed valid throughout');
  });

  it(`PUT /auth/language (signed in): ${COUNT} requests, no 5xx, every 4xx a JSON error, the stored language always en or ta`, TIMEOUT, async () => {
    const { email, login } = await registerAndLogin(identity);
    const report = await fuzz('/auth/language', [{ language: 'ta' }, { language: 'en' }], { Authorization: `Bearer ${login.token}` }, 'PUT');
    assert.ok(answersWith(report, 200) > 0, 'the valid changes were accepted');
    assert.ok(answersWith(report, 400) > 0, 'the invalid ones were refused');
    const { rows } = await identity.pool.query<{ language: string }>('SELECT language FROM users WHERE email = $1', [email]);
    assert.ok(rows[0]?.language === 'en' || rows[0]?.language === 'ta', `stored ${rows[0]?.language}`);
  });
});
