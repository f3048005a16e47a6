import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { emailJobSchema, PASSWORD_RESET_MESSAGE, QUEUES, RESET_REQUEST_MESSAGE, sendResetAnswerSchema } from '@tca/contracts';
import { waitFor } from '@tca/service-kit/testing';
import { tokenHash } from '../../domain/secrets.js';
import { apiError, call, newEmail, outboxMails, registerAndLogin, resetTokenIn, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { RESET_ANSWER_MIN_MS } from './auth-routes.js';
import { median } from '../../testing/timing.js';

const NEW_PASSWORD = 'Thai#Pongal2027';

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('reset');
});
after(async () => {
  await identity?.stop();
});

async function requestReset(email: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await call(identity, '/auth/send-reset-email', { email });
  const body: unknown = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}

/** Asks for a link for `email` and reads its token from the queued e-mail. */
async function resetToken(email: string): Promise<string> {
  const before = (await outboxMails(identity.pool, email)).length;
  assert.equal((await requestReset(email)).status, 200);
  const mails = await outboxMails(identity.pool, email);
  assert.equal(mails.length, before + 1);
  const mail = mails.at(-1);
  assert.ok(mail);
  return resetTokenIn(mail);
}

describe('POST /auth/send-reset-email', () => {
  it('queues an e-mail with a one-hour link built from PUBLIC_URL, storing only the token’s hash', async () => {
    const { email } = await registerAndLogin(identity, { firstName: 'Anbu' });
    const { status, body } = await requestReset(email.toUpperCase());
    assert.equal(status, 200);
    assert.deepEqual(sendResetAnswerSchema.parse(body), { success: true, message: RESET_REQUEST_MESSAGE });

    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail);
    assert.equal(mail.jobName, 'password-reset');
    assert.match(mail.jobId, /^password-reset-[0-9a-f-]{36}$/);
    assert.match(mail.subject, /Reset your password/);
    assert.match(mail.text, /Dear Anbu,/);
    const token = resetTokenIn(mail);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(mail.html?.includes(`href="${TEST_PUBLIC_URL}/reset-password/${token}"`), 'the HTML part links to the same page');

    const { rows } = await identity.pool.query<{ token_hash: Buffer; ttl_ms: number }>(
      `SELECT token_hash, (extract(epoch FROM r.expires_at - r.created_at) * 1000)::int AS ttl_ms FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
      [email],
    );
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0]?.token_hash, tokenHash(token));
    assert.ok(Math.abs((rows[0]?.ttl_ms ?? 0) - 3_600_000) < 1000, `ttl ${rows[0]?.ttl_ms}`);
  });

  it('the relay hands the e-mail to the e-mail queue', async () => {
    const { email } = await registerAndLogin(identity);
    await requestReset(email);
    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail);
    await waitFor(async () => {
      const { rows } = await identity.pool.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE job_id = $1', [mail.jobId]);
      return rows[0]?.sent === true;
    }, 10_000, 'the outbox row to be relayed');
    const queue = new Queue(QUEUES.email, { connection: { host: '127.0.0.1', port: identity.redis.port } });
    try {
      const job = await queue.getJob(mail.jobId);
      assert.ok(job, 'the job is in the queue');
      assert.equal(emailJobSchema.parse(job.data).to, email);
    } finally {
      await queue.close();
    }
  });

  it('answers the same, in the same time, whether or not the account exists, and sends nothing for an unknown one', async () => {
    const { email } = await registerAndLogin(identity);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await requestReset(email);
      const stranger = newEmail('nobody');
      const b = await requestReset(stranger);
      assert.deepEqual([a.status, a.body], [b.status, b.body]);
      assert.deepEqual(await outboxMails(identity.pool, stranger), []);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    assert.equal((await outboxMails(identity.pool, email)).length, 4);
    for (const ms of [...known, ...unknown]) assert.ok(ms >= RESET_ANSWER_MIN_MS - 5, `an answer took ${ms.toFixed(0)} ms, less than the floor`);
    const difference = Math.abs(median(known) - median(unknown));
    assert.ok(difference < 60, `medians differ by ${difference.toFixed(0)} ms (known ${known.map(Math.round).join(',')}; unknown ${unknown.map(Math.round).join(',')})`);
  });

  it('validates the e-mail with the §5 messages', async () => {
    const empty = await apiError(await call(identity, '/auth/send-reset-email', { email: '' }), 400);
    assert.deepEqual(empty.fields, { email: 'Email is required' });
    const bad = await apiError(await call(identity, '/auth/send-reset-email', { email: 'nope' }), 400);
    assert.deepEqual(bad.fields, { email: 'Invalid email format' });
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, ends every session, kills other open links and e-mails a notice', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const older = await resetToken(email);
    const token = await resetToken(email);
    const res = await call(identity, '/auth/reset-password', { token, password: NEW_PASSWORD });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { message: PASSWORD_RESET_MESSAGE });

    assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token: login.token }), 401)).error, 'session_expired');
    assert.equal((await call(identity, '/auth/login', { email, password })).status, 401);
    assert.equal((await call(identity, '/auth/login', { email, password: NEW_PASSWORD })).status, 200);
    assert.equal((await apiError(await call(identity, '/auth/reset-password', { token: older, password: NEW_PASSWORD }), 400)).error, 'reset_link_used');

    const notice = (await outboxMails(identity.pool, email)).at(-1);
    assert.ok(notice);
    assert.equal(notice.jobName, 'password-changed');
    assert.match(notice.text, /reset with an e-mailed link/);
    assert.match(notice.text, /Every device that was logged in has been signed out/);
  });

  it('works once: the same link again gets a clear 400', async () => {
    const { email } = await registerAndLogin(identity);
    const token = await resetToken(email);
    assert.equal((await call(identity, '/auth/reset-password', { token, password: NEW_PASSWORD })).status, 200);
    const again = await apiError(await call(identity, '/auth/reset-password', { token, password: 'Another#Pass9' }), 400);
    assert.equal(again.error, 'reset_link_used');
    assert.match(again.message, /already been used/);
    assert.equal((await call(identity, '/auth/login', { email, password: NEW_PASSWORD })).status, 200, 'the second try changed nothing');
  });

  it('works once even when used twice at the same moment', async () => {
    const { email } = await registerAndLogin(identity);
    const token = await resetToken(email);
    const results = await Promise.all(['First#Pass11', 'Second#Pass22'].map((password) => call(identity, '/auth/reset-password', { token, password })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
  });

  it('refuses an expired link with a clear 400', async () => {
    const { email, password } = await registerAndLogin(identity);
    const token = await resetToken(email);
    await identity.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(token)]);
    const body = await apiError(await call(identity, '/auth/reset-password', { token, password: NEW_PASSWORD }), 400);
    assert.equal(body.error, 'reset_link_expired');
    assert.match(body.message, /expired/);
    assert.equal((await call(identity, '/auth/login', { email, password })).status, 200, 'the password is unchanged');
  });

  it('refuses a token that was never issued, or is not a token at all', async () => {
    for (const token of ['A'.repeat(43), 'not a token', '../../etc']) {
      const body = await apiError(await call(identity, '/auth/reset-password', { token, password: NEW_PASSWORD }), 400);
      assert.equal(body.error, 'reset_link_invalid');
    }
  });

  it('holds the new password to the registration rule and needs both fields', async () => {
    const { email } = await registerAndLogin(identity);
    const token = await resetToken(email);
    const weak = await apiError(await call(identity, '/auth/reset-password', { token, password: 'password' }), 400);
    assert.equal(weak.fields?.password, 'Password must include uppercase, lowercase, numbers, and special characters');
    const missing = await apiError(await call(identity, '/auth/reset-password', {}), 400);
    assert.deepEqual(Object.keys(missing.fields ?? {}).sort(), ['password', 'token']);
    // The link survives a rejected body.
    assert.equal((await call(identity, '/auth/reset-password', { token, password: NEW_PASSWORD })).status, 200);
  });
});
