import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  accountExportSchema,
  changePasswordAnswerSchema,
  loginAnswerSchema,
  messageAnswerSchema,
  PASSWORD_UPDATED_MESSAGE,
  registerAnswerSchema,
  SESSION_TTL_MS,
  sessionAnswerSchema,
} from '@tca/contracts';
import { apiError, call, GOOD_PASSWORD, newEmail, outboxMails, registerAndLogin, registration, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { EMAIL_TAKEN_MESSAGE } from '../../domain/accounts.js';
import { tokenHash } from '../../domain/secrets.js';
import { INVALID_CREDENTIALS_MESSAGE, NOT_YOUR_ACCOUNT_MESSAGE, REGISTERED_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from './auth-routes.js';

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('auth');
});
after(async () => {
  await identity?.stop();
});

describe('POST /auth/register', () => {
  it('creates the account with an argon2id hash and answers 201 with the user', async () => {
    const input = registration({ firstName: '  Kavitha ', email: `  ${newEmail('Kavitha')}  ` });
    const res = await call(identity, '/auth/register', input);
    assert.equal(res.status, 201);
    const answer = registerAnswerSchema.parse(await res.json());
    assert.equal(answer.message, REGISTERED_MESSAGE);
    assert.deepEqual({ ...answer.data, id: undefined }, { id: undefined, email: input.email.trim(), firstName: 'Kavitha', lastName: 'Raman', phoneNumber: '61412345678', language: 'en' });
    const { rows } = await identity.pool.query<{ password_hash: string; terms_accepted_at: Date | null }>('SELECT password_hash, terms_accepted_at FROM users WHERE id = $1', [
      Number(answer.data.id),
    ]);
    assert.match(rows[0]?.password_hash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.ok(!rows[0]?.password_hash.includes(GOOD_PASSWORD));
    assert.ok(rows[0]?.terms_accepted_at instanceof Date);
  });

  it('refuses a second account for the same e-mail in any case with a 409 and a clear message', async () => {
    const input = registration();
    assert.equal((await call(identity, '/auth/register', input)).status, 201);
    const again = await apiError(await call(identity, '/auth/register', { ...input, email: input.email.toUpperCase(), firstName: 'Other' }), 409);
    assert.deepEqual(again, { error: 'email_taken', message: EMAIL_TAKEN_MESSAGE });
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [input.email]);
    assert.equal(rows[0]?.n, 1);
  });

  it('validates with the §5 rules and messages, field by field, and stores nothing', async () => {
    const email = newEmail();
    const res = await call(identity, '/auth/register', { firstName: 'M', lastName: '', email: 'not-an-email', phoneNumber: '123', password: 'short', termsAccepted: false });
    const body = await apiError(res, 400);
    assert.equal(body.error, 'validation_failed');
    assert.deepEqual(body.fields, {
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name is required',
      email: 'Invalid email format',
      phoneNumber: 'Phone number is too short',
      password: 'Password must be at least 8 characters',
      termsAccepted: 'You must accept the terms and conditions',
    });
    assert.match(body.message, /First name must be at least 2 characters\./);

    const weak = await apiError(await call(identity, '/auth/register', registration({ email, password: 'alllowercase1' })), 400);
    assert.equal(weak.fields?.password, 'Password must include uppercase, lowercase, numbers, and special characters');
    const unknownField = await apiError(await call(identity, '/auth/register', { ...registration({ email }), role: 'admin' }), 400);
    assert.equal(unknownField.fields?.role, 'Unknown field.');
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    assert.equal(rows[0]?.n, 0);
  });

  it('answers bodies that are not objects with a 400', async () => {
    const send = (body: string) => fetch(`${identity.url}/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    assert.equal((await apiError(await send('[]'), 400)).error, 'validation_failed');
    // express.json accepts only objects and arrays at the top.
    for (const body of ['"text"', 'null']) assert.equal((await apiError(await send(body), 400)).error, 'invalid_json');
    const noBody = await fetch(`${identity.url}/auth/register`, { method: 'POST' });
    assert.equal((await apiError(noBody, 400)).error, 'validation_failed');
  });
});

describe('POST /auth/login', () => {
  it('answers a token and the user (spec §7), with a 24-hour session that is stored hashed', async () => {
    const input = registration();
    await call(identity, '/auth/register', input);
    const before = Date.now();
    const res = await call(identity, '/auth/login', { email: input.email.toUpperCase(), password: input.password });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const answer = loginAnswerSchema.parse(await res.json());
    assert.match(answer.token, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual({ ...answer.user, id: '' }, { id: '', email: input.email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, language: 'en' });
    const expires = Date.parse(answer.expiresAt);
    assert.ok(Math.abs(expires - (before + SESSION_TTL_MS)) < 60_000, `expires ${answer.expiresAt}`);

    const { rows } = await identity.pool.query<{ token_hash: Buffer }>('SELECT token_hash FROM sessions WHERE user_id = $1', [Number(answer.user.id)]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.token_hash.length, 32);
    assert.ok(!rows[0]?.token_hash.toString('latin1').includes(answer.token));
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown e-mail alike', async () => {
    const input = registration();
    await call(identity, '/auth/register', input);
    const wrong = await apiError(await call(identity, '/auth/login', { email: input.email, password: 'Wrong#pass1' }), 401);
    const unknown = await apiError(await call(identity, '/auth/login', { email: newEmail('nobody'), password: 'Wrong#pass1' }), 401);
    assert.deepEqual(wrong, { error: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE });
    assert.deepEqual(unknown, wrong);
  });

  it('validates with the §5 login messages', async () => {
    const empty = await apiError(await call(identity, '/auth/login', { email: '', password: '' }), 400);
    assert.deepEqual(empty.fields, { email: 'Email is required', password: 'Password is required' });
    assert.equal(empty.message, 'Email is required. Password is required.');
    const bad = await apiError(await call(identity, '/auth/login', { email: 'meera@', password: 'x' }), 400);
    assert.deepEqual(bad.fields, { email: 'Invalid email format' });
  });
});

describe('sessions', () => {
  it('GET /auth/session answers who the Bearer token belongs to (a member: no staff roles, no second factor)', async () => {
    const { login } = await registerAndLogin(identity);
    const res = await call(identity, '/auth/session', undefined, { token: login.token });
    assert.equal(res.status, 200);
    assert.deepEqual(sessionAnswerSchema.parse(await res.json()), { user: login.user, expiresAt: login.expiresAt, roles: [], secondFactor: false });
  });

  it('answers 401 unauthorized without a token or with one that is not ours', async () => {
    const missing = await call(identity, '/auth/session');
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="tca"');
    assert.equal((await apiError(missing, 401)).error, 'unauthorized');
    for (const token of ['x'.repeat(43), 'short', 'A'.repeat(500)]) {
      const res = await call(identity, '/auth/session', undefined, { token });
      assert.match(res.headers.get('www-authenticate') ?? '', /invalid_token/);
      const body = await apiError(res, 401);
      assert.equal(body.error, 'unauthorized');
      assert.ok(body.message.length > 0);
    }
    const notBearer = await fetch(`${identity.url}/auth/session`, { headers: { Authorization: 'Basic bWVlcmE6cGFzcw==' } });
    assert.equal((await apiError(notBearer, 401)).error, 'unauthorized');
  });

  it('answers 401 session_expired once the 24 hours are over, however recently the session was used', async () => {
    const { login } = await registerAndLogin(identity);
    await identity.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE user_id = $1`, [Number(login.user.id)]);
    const body = await apiError(await call(identity, '/auth/session', undefined, { token: login.token }), 401);
    assert.deepEqual(body, { error: 'session_expired', message: 'Your session has expired. Please log in again.' });
  });

  /** Seconds since the user's session was last recorded as used. */
  async function idleSeconds(userId: number): Promise<number> {
    const { rows } = await identity.pool.query<{ idle: number }>(`SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle FROM sessions WHERE user_id = $1`, [userId]);
    assert.equal(rows.length, 1);
    return rows[0]?.idle ?? Number.NaN;
  }

  it('answers 401 session_expired once a session went unused for SESSION_IDLE_TIMEOUT_MS (30 minutes by default)', async () => {
    const { login } = await registerAndLogin(identity);
    await identity.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '30 minutes 1 second' WHERE user_id = $1`, [Number(login.user.id)]);
    for (const path of ['/auth/session', '/auth/my-data']) {
      const body = await apiError(await call(identity, path, undefined, { token: login.token }), 401);
      assert.deepEqual(body, { error: 'session_expired', message: 'Your session has expired. Please log in again.' }, path);
    }
  });

  it('keeps a session used within the idle time-out, each use starting it again; the use is recorded at most once a minute', async () => {
    const { login } = await registerAndLogin(identity);
    const userId = Number(login.user.id);
    for (let round = 0; round < 2; round++) {
      await identity.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE user_id = $1`, [userId]);
      assert.equal((await call(identity, '/auth/session', undefined, { token: login.token })).status, 200);
      assert.ok((await idleSeconds(userId)) < 5, 'the use was recorded');
    }
    await identity.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE user_id = $1`, [userId]);
    assert.equal((await call(identity, '/auth/session', undefined, { token: login.token })).status, 200);
    assert.ok((await idleSeconds(userId)) >= 30, 'a use within the minute writes nothing');
  });

  it('POST /auth/logout ends this session only, and is idempotent', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const other = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    const res = await call(identity, '/auth/logout', {}, { token: login.token });
    assert.equal(res.status, 200);
    assert.deepEqual(messageAnswerSchema.parse(await res.json()), { message: 'Logged out successfully' });
    assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token: login.token }), 401)).error, 'session_expired');
    assert.equal((await call(identity, '/auth/session', undefined, { token: other.token })).status, 200);
    assert.equal((await call(identity, '/auth/logout', {}, { token: login.token })).status, 200);
    assert.equal((await apiError(await call(identity, '/auth/logout', {}), 401)).error, 'unauthorized');
  });

  it('POST /auth/logout-all ends every session of the user, this one included, and no one else’s', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const second = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    const stranger = await registerAndLogin(identity);
    const res = await call(identity, '/auth/logout-all', {}, { token: second.token });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { message: 'Signed out of all devices' });
    for (const token of [login.token, second.token]) {
      assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token }), 401)).error, 'session_expired');
    }
    assert.equal((await call(identity, '/auth/session', undefined, { token: stranger.login.token })).status, 200);
    assert.equal((await apiError(await call(identity, '/auth/logout-all', {}, { token: login.token }), 401)).error, 'session_expired');
  });
});

describe('POST /auth/change-password', () => {
  const NEW_PASSWORD = 'Pongal!2027new';

  it('changes the password, answers the §7 text, ends the other sessions and e-mails a notice', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const other = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    const res = await call(identity, '/auth/change-password', { email, currentPassword: password, newPassword: NEW_PASSWORD }, { token: login.token });
    assert.equal(res.status, 200);
    assert.deepEqual(changePasswordAnswerSchema.parse(await res.json()), { success: true, message: PASSWORD_UPDATED_MESSAGE });

    assert.equal((await call(identity, '/auth/session', undefined, { token: login.token })).status, 200, 'this session lives on');
    assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token: other.token }), 401)).error, 'session_expired');
    assert.equal((await call(identity, '/auth/login', { email, password })).status, 401);
    assert.equal((await call(identity, '/auth/login', { email, password: NEW_PASSWORD })).status, 200);

    const mails = await outboxMails(identity.pool, email);
    assert.equal(mails.length, 1);
    const [notice] = mails;
    assert.ok(notice);
    assert.equal(notice.jobName, 'password-changed');
    assert.match(notice.subject, /Your password was changed/);
    assert.match(notice.text, /changed on your profile/);
    assert.ok(notice.text.includes(`${TEST_PUBLIC_URL}/login`));
    assert.ok(notice.html?.includes(`href="${TEST_PUBLIC_URL}/login"`));
    assert.match(notice.jobId, /^password-changed-[0-9a-f-]{36}$/);
  });

  it('of several changes in flight with the same current password, exactly one wins; the others are told it is wrong', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => call(identity, '/auth/change-password', { currentPassword: password, newPassword: `${NEW_PASSWORD}${n}` }, { token: login.token })),
    );
    const statuses = answers.map((res) => res.status).sort();
    assert.deepEqual(statuses, [200, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400)) assert.equal((await apiError(res, 400)).error, 'wrong_current_password');
    const winner = answers.findIndex((res) => res.status === 200) + 1;
    assert.equal((await call(identity, '/auth/login', { email, password: `${NEW_PASSWORD}${winner}` })).status, 200, 'the winning password is the one stored');
    assert.equal((await outboxMails(identity.pool, email)).length, 1, 'one notice');
  });

  it('works without an e-mail in the body, acting for the session’s user', async () => {
    const { password, login } = await registerAndLogin(identity);
    const res = await call(identity, '/auth/change-password', { currentPassword: password, newPassword: NEW_PASSWORD }, { token: login.token });
    assert.equal(res.status, 200);
  });

  it('answers 403 when the body names another account’s e-mail, and changes nothing', async () => {
    const { password, login } = await registerAndLogin(identity);
    const victim = await registerAndLogin(identity);
    const body = await apiError(await call(identity, '/auth/change-password', { email: victim.email, currentPassword: password, newPassword: NEW_PASSWORD }, { token: login.token }), 403);
    assert.deepEqual(body, { error: 'forbidden', message: NOT_YOUR_ACCOUNT_MESSAGE });
    assert.equal((await call(identity, '/auth/login', { email: victim.email, password: victim.password })).status, 200);
    assert.equal((await call(identity, '/auth/login', { email: login.user.email, password })).status, 200);
    // The same address in another case is the user's own.
    const own = await call(identity, '/auth/change-password', { email: login.user.email.toUpperCase(), currentPassword: password, newPassword: NEW_PASSWORD }, { token: login.token });
    assert.equal(own.status, 200);
  });

  it('checks the current password', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const body = await apiError(await call(identity, '/auth/change-password', { email, currentPassword: 'Not#theRight1', newPassword: NEW_PASSWORD }, { token: login.token }), 400);
    assert.equal(body.error, 'wrong_current_password');
    assert.equal(body.message, WRONG_CURRENT_PASSWORD_MESSAGE);
    assert.equal((await call(identity, '/auth/login', { email, password })).status, 200);
    assert.equal((await outboxMails(identity.pool, email)).length, 0);
  });

  it('holds the new password to the registration rule and needs every field', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const weak = await apiError(await call(identity, '/auth/change-password', { email, currentPassword: password, newPassword: 'weakpass' }, { token: login.token }), 400);
    assert.equal(weak.fields?.newPassword, 'Password must include uppercase, lowercase, numbers, and special characters');
    const missing = await apiError(await call(identity, '/auth/change-password', { email }, { token: login.token }), 400);
    assert.deepEqual(Object.keys(missing.fields ?? {}).sort(), ['currentPassword', 'newPassword']);
  });

  it('needs a live session', async () => {
    const { email, password } = await registerAndLogin(identity);
    assert.equal((await apiError(await call(identity, '/auth/change-password', { email, currentPassword: password, newPassword: NEW_PASSWORD }), 401)).error, 'unauthorized');
  });
});

describe('GET /auth/my-data', () => {
  it('exports the account, its live sessions (marking this one) and memberships, never the password hash', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const ended = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    await call(identity, '/auth/logout', {}, { token: ended.token });
    const idle = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    await identity.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE token_hash = $1`, [tokenHash(idle.token)]);
    const other = loginAnswerSchema.parse(await (await call(identity, '/auth/login', { email, password })).json());
    const res = await call(identity, '/auth/my-data', undefined, { token: login.token });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.ok(!text.includes('argon2'), 'no password hash');
    assert.ok(!text.includes(login.token) && !text.includes(other.token), 'no tokens');
    const data = accountExportSchema.parse(JSON.parse(text));
    assert.deepEqual(data.user, login.user);
    assert.ok(data.termsAcceptedAt !== null && !Number.isNaN(Date.parse(data.termsAcceptedAt)));
    assert.deepEqual(
      data.sessions.map((s) => s.current),
      [false, true],
      'two live sessions, newest first; the logged-out and the idle one are not listed',
    );
    assert.deepEqual(data.memberships, []);
    assert.equal((await apiError(await call(identity, '/auth/my-data'), 401)).error, 'unauthorized');
  });
});
