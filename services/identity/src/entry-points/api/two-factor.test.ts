import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CHALLENGE_ENDED_MESSAGE,
  CODE_ALREADY_USED_MESSAGE,
  enrolAnswerSchema,
  enrolConfirmAnswerSchema,
  loginAnswerSchema,
  sessionAnswerSchema,
  STAFF_SESSION_TTL_MS,
  WRONG_CODE_MESSAGE,
} from '@tca/contracts';
import { verify } from 'otplib';
import { addRoles } from '../../data-access/staff-repository.js';
import { tokenHash } from '../../domain/secrets.js';
import { apiError, call, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, challengeFor, newStaffMember, passwordLogin, totpCode } from '../../testing/staff.js';

/**
 * Two-factor sign-in for staff (issue 14), on the real service: a member's login is unchanged; an account
 * with a staff role gets a challenge, sets up an app with the secret the enrol answer gives (codes made
 * here with otplib, as the app would), then signs in with codes or recovery codes. Member sessions here
 * idle out after 2 hours, so the staff session's own 30 minutes show.
 */

let identity: TestIdentity;
const MEMBER_IDLE_MS = 2 * 60 * 60 * 1000;
const counts = { challenges: 0, signIns: 0, refused: { wrong: 0, replay: 0, limited: 0 } };

before(async () => {
  identity = await startTestIdentity('two_factor', { SESSION_IDLE_TIMEOUT_MS: String(MEMBER_IDLE_MS), SECOND_FACTOR_FAILURE_LIMIT_PER_CHALLENGE: '3', SECOND_FACTOR_FAILURE_LIMIT_PER_ACCOUNT: '5' });
});
after(async () => {
  console.log(
    `two-factor: ${counts.challenges} challenges, ${counts.signIns} staff sign-ins; refused: ${counts.refused.wrong} wrong codes, ${counts.refused.replay} replays, ${counts.refused.limited} rate-limited (429)`,
  );
  await identity?.stop();
});

async function secondFactor(challenge: string, code: string): Promise<Response> {
  const res = await call(identity, '/auth/login/second-factor', { challenge, code });
  if (res.status === 200) counts.signIns += 1;
  if (res.status === 429) counts.refused.limited += 1;
  if (res.status === 400) {
    const body = (await res.clone().json()) as { error: string };
    if (body.error === 'wrong_code') counts.refused.wrong += 1;
    if (body.error === 'code_already_used') counts.refused.replay += 1;
  }
  return res;
}

async function challenge(email: string, password: string, expected: 'totp' | 'enrol'): Promise<string> {
  counts.challenges += 1;
  return challengeFor(identity, email, password, expected);
}

describe('POST /auth/login', () => {
  it('a member (no staff role) gets a session at once, exactly as before', async () => {
    const { email, password } = await registerAndLogin(identity);
    const answer = loginAnswerSchema.strict().parse(await passwordLogin(identity, email, password));
    const session = sessionAnswerSchema.parse(await (await call(identity, '/auth/session', undefined, { token: answer.token })).json());
    assert.deepEqual([session.roles, session.secondFactor], [[], false]);
  });

  it('an account with a role gets a challenge (enrol first), no session; the enrol answer has the key, otpauth URL and QR code', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    await addRoles(identity.pool, Number(login.user.id), ['editor'], 'test');
    const sessionsBefore = await identity.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [Number(login.user.id)]);
    const step = await challenge(email, password, 'enrol');
    const sessionsAfter = await identity.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(sessionsAfter.rowCount, sessionsBefore.rowCount, 'no session before the second factor');
    const { rows } = await identity.pool.query<{ expires_at: Date }>('SELECT expires_at FROM login_challenges WHERE token_hash = $1', [tokenHash(step)]);
    const ttl = (rows[0]?.expires_at.getTime() ?? 0) - Date.now();
    assert.ok(ttl > 4 * 60_000 && ttl <= 5 * 60_000, `challenge lasts 5 minutes (${ttl} ms left)`);
    const enrol = enrolAnswerSchema.parse(await (await call(identity, '/auth/login/enrol', { challenge: step })).json());
    assert.match(enrol.secret, /^[A-Z2-7]{32}$/);
    assert.ok(enrol.otpauthUrl.startsWith('otpauth://totp/') && enrol.otpauthUrl.includes(`secret=${enrol.secret}`), enrol.otpauthUrl);
    assert.match(Buffer.from(enrol.qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString(), /^<svg /);
    const stored = await identity.pool.query<{ secret: Buffer }>('SELECT secret FROM totp_factors WHERE user_id = $1', [Number(login.user.id)]);
    assert.ok(!stored.rows[0]?.secret.toString('latin1').includes(enrol.secret), 'the secret is stored encrypted');
    // A wrong first code does not confirm the app.
    assert.equal((await apiError(await call(identity, '/auth/login/enrol/confirm', { challenge: step, code: '000000' === (await totpCode(enrol.secret)) ? '111111' : '000000' }), 400)).message, WRONG_CODE_MESSAGE);
    const confirmed = enrolConfirmAnswerSchema.parse(await (await call(identity, '/auth/login/enrol/confirm', { challenge: step, code: await totpCode(enrol.secret) })).json());
    counts.signIns += 1;
    assert.equal(new Set(confirmed.recoveryCodes).size, 10);
    const codes = await identity.pool.query<{ code_hash: Buffer }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(codes.rowCount, 10);
    assert.ok(codes.rows.every((row) => !confirmed.recoveryCodes.some((code) => row.code_hash.toString('latin1').includes(code))), 'only hashes stored');
    const session = sessionAnswerSchema.parse(await (await call(identity, '/auth/session', undefined, { token: confirmed.token })).json());
    assert.deepEqual([session.user.email, session.roles, session.secondFactor], [email, ['editor'], true]);
    // The challenge is used up, and the next login asks for a code, not enrolment.
    assert.equal((await apiError(await call(identity, '/auth/login/enrol', { challenge: step }), 400)).message, CHALLENGE_ENDED_MESSAGE);
    await challenge(email, password, 'totp');
    const actions = (await auditEntries(identity, email)).map((entry) => entry.action);
    assert.deepEqual(actions, ['two_factor_enrolled', 'sign_in']);
  });
});

describe('POST /auth/login/second-factor', () => {
  it('a right code gives a 12-hour staff session; a wrong one is a 400 recorded in the audit log', async () => {
    const staff = await newStaffMember(identity, ['support']);
    const step = await challenge(staff.email, staff.password, 'totp');
    const current = await totpCode(staff.secret, 1);
    const wrong = current === '123456' ? '654321' : '123456';
    assert.deepEqual(await apiError(await secondFactor(step, wrong), 400), { error: 'wrong_code', message: WRONG_CODE_MESSAGE, fields: { code: WRONG_CODE_MESSAGE } });
    const res = await secondFactor(step, current);
    assert.equal(res.status, 200);
    const answer = loginAnswerSchema.parse(await res.json());
    const ttl = new Date(answer.expiresAt).getTime() - Date.now();
    assert.ok(ttl > STAFF_SESSION_TTL_MS - 60_000 && ttl <= STAFF_SESSION_TTL_MS, `12 hours (${ttl} ms)`);
    assert.deepEqual(
      (await auditEntries(identity, staff.email)).map((entry) => entry.action),
      ['two_factor_enrolled', 'sign_in', 'sign_in_failed_second_factor', 'sign_in'],
    );
  });

  it('a code already used (the same time step or an earlier one) is refused, even within its 30 seconds', async () => {
    const staff = await newStaffMember(identity, ['treasurer']);
    // Enrolment used the current step's code: it cannot sign in again.
    const first = await challenge(staff.email, staff.password, 'totp');
    assert.deepEqual(await apiError(await secondFactor(first, await totpCode(staff.secret)), 400), {
      error: 'code_already_used',
      message: CODE_ALREADY_USED_MESSAGE,
      fields: { code: CODE_ALREADY_USED_MESSAGE },
    });
    // The next step's code works (one step of clock drift is allowed), once; after it, neither it nor the older one does.
    const next = await totpCode(staff.secret, 1);
    assert.equal((await secondFactor(first, next)).status, 200);
    const second = await challenge(staff.email, staff.password, 'totp');
    assert.equal((await apiError(await secondFactor(second, next), 400)).error, 'code_already_used');
    assert.equal((await apiError(await secondFactor(second, await totpCode(staff.secret)), 400)).error, 'code_already_used');
    const failures = (await auditEntries(identity, staff.email)).filter((entry) => entry.action === 'sign_in_failed_second_factor');
    assert.equal(failures.length, 3);
    assert.ok(failures.every((entry) => /replay/.test(entry.summary)));
  });

  it('a recovery code works once (any case, with or without its hyphen)', async () => {
    const staff = await newStaffMember(identity, ['editor']);
    const [code] = staff.recoveryCodes;
    assert.ok(code);
    assert.equal((await secondFactor(await challenge(staff.email, staff.password, 'totp'), code.toUpperCase().replace('-', ''))).status, 200);
    assert.equal((await apiError(await secondFactor(await challenge(staff.email, staff.password, 'totp'), code), 400)).error, 'wrong_code');
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [staff.userId]);
    assert.equal(rows[0]?.n, 9);
  });

  it('wrong codes are limited per challenge (3 here) and per account (5 here): then 429, even for a right code', async () => {
    const staff = await newStaffMember(identity, ['support']);
    const wrongCode = async () => {
      for (;;) {
        const candidate = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
        const drift = await verify({ secret: staff.secret, token: candidate, epochTolerance: 60 });
        if (!drift.valid) return candidate;
      }
    };
    const first = await challenge(staff.email, staff.password, 'totp');
    for (let i = 0; i < 3; i += 1) assert.equal((await secondFactor(first, await wrongCode())).status, 400);
    assert.equal((await apiError(await secondFactor(first, await totpCode(staff.secret, 1)), 429)).error, 'rate_limited');
    // A new challenge: two more wrong codes reach the account's 5, and the account is locked out too.
    const second = await challenge(staff.email, staff.password, 'totp');
    for (let i = 0; i < 2; i += 1) assert.equal((await secondFactor(second, await wrongCode())).status, 400);
    assert.equal((await apiError(await secondFactor(second, await totpCode(staff.secret, 1)), 429)).error, 'rate_limited');
    const third = await challenge(staff.email, staff.password, 'totp');
    assert.equal((await apiError(await secondFactor(third, await totpCode(staff.secret, 1)), 429)).error, 'rate_limited');
  });

  it('a challenge ends after 5 minutes and after one sign-in', async () => {
    const staff = await newStaffMember(identity, ['editor']);
    const step = await challenge(staff.email, staff.password, 'totp');
    await identity.pool.query(`UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(step)]);
    assert.equal((await apiError(await secondFactor(step, await totpCode(staff.secret, 1)), 400)).error, 'challenge_ended');
    const fresh = await challenge(staff.email, staff.password, 'totp');
    assert.equal((await secondFactor(fresh, staff.recoveryCodes[0] ?? '')).status, 200);
    assert.equal((await apiError(await secondFactor(fresh, staff.recoveryCodes[1] ?? ''), 400)).error, 'challenge_ended');
    assert.equal((await apiError(await call(identity, '/auth/login/second-factor', { challenge: 'x'.repeat(43), code: '123456' }), 400)).error, 'challenge_ended');
  });

  it('validates: a code must be 6 digits or a recovery code; the challenge is required', async () => {
    for (const body of [{ challenge: 'x'.repeat(43), code: '12345' }, { challenge: 'x'.repeat(43) }, { code: '123456' }, { challenge: 'x'.repeat(43), code: '123456', extra: 1 }, []]) {
      assert.equal((await apiError(await call(identity, '/auth/login/second-factor', body), 400)).error, 'validation_failed', JSON.stringify(body));
    }
    assert.equal((await apiError(await call(identity, '/auth/login/enrol/confirm', { challenge: 'x'.repeat(43), code: 'abcde-fghjk' }), 400)).error, 'validation_failed');
    assert.equal((await apiError(await call(identity, '/auth/login/enrol', {}), 400)).error, 'validation_failed');
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes idle (a member session, here 2 hours, does not) and after 12 hours', async () => {
    const staff = await newStaffMember(identity, ['editor']);
    const idle = async (token: string, minutes: number) =>
      identity.pool.query(`UPDATE sessions SET last_seen_at = now() - $2 * interval '1 minute' WHERE token_hash = $1`, [tokenHash(token), minutes]);
    await idle(staff.memberToken, 31);
    assert.equal((await call(identity, '/auth/session', undefined, { token: staff.memberToken })).status, 200, 'member session: 31 minutes idle is fine');
    await idle(staff.token, 29);
    assert.equal((await call(identity, '/auth/session', undefined, { token: staff.token })).status, 200, 'staff session: 29 minutes idle is fine');
    await idle(staff.token, 31);
    assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token: staff.token }), 401)).error, 'session_expired');
    const again = await newStaffMember(identity, ['editor']);
    const { rows } = await identity.pool.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM sessions WHERE token_hash = $1',
      [tokenHash(again.token)],
    );
    assert.equal(Math.round(Number(rows[0]?.hours)), 12);
    await identity.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(again.token)]);
    assert.equal((await apiError(await call(identity, '/auth/session', undefined, { token: again.token }), 401)).error, 'session_expired');
  });
});
