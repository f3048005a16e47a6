/**
 * Test support for the staff area (issue 14): staff members made through the real sign-in (password,
 * then an authenticator app set up with a secret the test reads from the enrol answer, as a person
 * would), TOTP codes made with otplib, and the audit log as stored.
 */
import assert from 'node:assert/strict';
import { enrolAnswerSchema, enrolConfirmAnswerSchema, loginResultSchema, loginSecondFactorAnswerSchema, type LoginResult, type StaffRole } from '@tca/contracts';
import { generate } from 'otplib';
import { addRoles } from '../data-access/staff-repository.js';
import { apiError, call, registerAndLogin, type CallOptions, type TestIdentity } from './harness.js';

const PERIOD_S = 30;

/** The code of `secret` for the time step `steps` away from now (0 = the current one). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD_S, period: PERIOD_S });
}

/** Logs in with a password; the answer (a session, or a challenge for staff). */
export async function passwordLogin(identity: TestIdentity, email: string, password: string): Promise<LoginResult> {
  const res = await call(identity, '/auth/login', { email, password });
  assert.equal(res.status, 200, await res.clone().text());
  return loginResultSchema.parse(await res.json());
}

export async function challengeFor(identity: TestIdentity, email: string, password: string, expected: 'totp' | 'enrol') {
  const step = loginSecondFactorAnswerSchema.parse(await passwordLogin(identity, email, password));
  assert.equal(step.secondFactor, expected);
  return step.challenge;
}

export interface StaffMemberForTest {
  userId: number;
  email: string;
  password: string;
  /** A staff session (second factor passed). */
  token: string;
  /** A member session of the same account from before it had a role (no second factor). */
  memberToken: string;
  secret: string;
  recoveryCodes: string[];
}

/** An account given `roles` (as the CLI or an owner would), then signed in: enrolled with an app, a staff session. */
export async function newStaffMember(identity: TestIdentity, roles: readonly StaffRole[]): Promise<StaffMemberForTest> {
  const { email, password, login } = await registerAndLogin(identity);
  const userId = Number(login.user.id);
  await addRoles(identity.pool, userId, roles, 'test');
  const challenge = await challengeFor(identity, email, password, 'enrol');
  const enrolled = await call(identity, '/auth/login/enrol', { challenge });
  assert.equal(enrolled.status, 200, await enrolled.clone().text());
  const { secret } = enrolAnswerSchema.parse(await enrolled.json());
  const confirmed = await call(identity, '/auth/login/enrol/confirm', { challenge, code: await totpCode(secret) });
  assert.equal(confirmed.status, 200, await confirmed.clone().text());
  const answer = enrolConfirmAnswerSchema.parse(await confirmed.json());
  return { userId, email, password, token: answer.token, memberToken: login.token, secret, recoveryCodes: answer.recoveryCodes };
}

/** A staff call with a method and a Bearer token. */
export function staffCall(identity: TestIdentity, method: NonNullable<CallOptions['method']>, path: string, token: string | undefined, body?: unknown): Promise<Response> {
  return call(identity, path, body, { method, ...(token !== undefined ? { token } : {}) });
}

export interface StoredAuditEntry {
  action: string;
  actor_email: string;
  target: string | null;
  summary: string;
}

/** The audit entries about `target` (or all), oldest first. */
export async function auditEntries(identity: TestIdentity, target?: string): Promise<StoredAuditEntry[]> {
  const { rows } = await identity.pool.query<StoredAuditEntry>(
    'SELECT action, actor_email, target, summary FROM audit_log WHERE $1::text IS NULL OR lower(target) = lower($1) ORDER BY id',
    [target ?? null],
  );
  return rows;
}

/** Each query answers 400 `validation_failed` with its field named (a staff list's refused filters). */
export async function assertQueriesRefused(ask: (query: string) => Promise<Response>, cases: ReadonlyArray<readonly [query: string, field: string]>): Promise<void> {
  for (const [query, field] of cases) {
    const error = await apiError(await ask(query), 400);
    assert.equal(error.error, 'validation_failed', query);
    assert.ok(error.fields && field in error.fields, `${query}: ${JSON.stringify(error)}`);
  }
}
