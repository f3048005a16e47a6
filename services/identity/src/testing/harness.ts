/**
 * Test support for the identity service (not built into dist/): the service on a throw-away database and
 * a redis-server of its own (so queued e-mails and rate-limit counters never meet other tests' or a
 * running site's), and small helpers to call it.
 */
import { randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  emailJobSchema,
  loginAnswerSchema,
  type ApiError,
  type CreateMembershipRequest,
  type EmailJob,
  type LoginAnswer,
  type MemberDetailsInput,
  type MembershipLevelName,
  type RegisterRequest,
} from '@tca/contracts';
import { newToken } from '../domain/secrets.js';
import { createMembershipAnswerSchema } from '../entry-points/api/internal-routes.js';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, startRedisServer, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadIdentityConfig, SCHEMA } from '../config.js';
import { start } from '../server.js';

/** Every rate limit off: the tests of other behaviour make many calls from one address. */
export const NO_RATE_LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '0',
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
  REGISTER_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_EMAIL: '0',
  RESET_PASSWORD_RATE_LIMIT_PER_IP: '0',
  RESET_PASSWORD_RATE_LIMIT_PER_TOKEN: '0',
  LANGUAGE_RATE_LIMIT_PER_USER: '0',
} as const;

export const TEST_PUBLIC_URL = 'https://tamil.example.org';
/** The SERVICE_TOKEN test services run with (unless a test sets its own). */
export const TEST_SERVICE_TOKEN = 'test-service-token-0123456789abcdef-0123456789';

export interface TestIdentity {
  url: string;
  /** The service's schema, for looking at and arranging rows. */
  pool: Pool;
  /** The throw-away database (for the CLI and the worker). */
  databaseUrl: string;
  redis: TestRedisServer;
  /** Stops the service, then its Redis and database. Idempotent. */
  stop(): Promise<void>;
}

export interface TestIdentityOptions {
  /** An empty database the test provides and removes itself (e.g. on its own PostgreSQL); default: a new one on TEST_DATABASE_URL's server, dropped by stop(). */
  databaseUrl?: string;
}

/** Starts the identity service as `npm start` does (migrations included) on a new database and its own Redis. */
export async function startTestIdentity(label: string, env: Record<string, string> = {}, options: TestIdentityOptions = {}): Promise<TestIdentity> {
  const closers: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (closers.length > 0) await closers.pop()?.().catch(() => undefined);
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const db: TestDatabase = await createTestDatabase(`identity_${label}`);
      closers.push(() => db.drop());
      databaseUrl = db.url;
    }
    const redis = await startRedisServer();
    closers.push(() => redis.stop());
    const config = loadIdentityConfig({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PORT: '0', PUBLIC_URL: TEST_PUBLIC_URL, SERVICE_TOKEN: TEST_SERVICE_TOKEN, ...NO_RATE_LIMITS, ...env });
    const running = await start(config, { handleSignals: false, logger: createLogger({ name: 'identity', level: 'silent' }) });
    closers.push(() => running.stop());
    const pool = createPool({ connectionString: databaseUrl, schema: SCHEMA, applicationName: `identity-test-${label}` });
    closers.push(() => pool.end());
    return { url: running.url, pool, databaseUrl, redis, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A random documentation-free private address per call, so rate limits of one test never meet another's (or another run's). */
export function newAddress(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

let nextPerson = 0;
/** A new, unique e-mail address. */
export function newEmail(label = 'member'): string {
  nextPerson += 1;
  return `${label}.${process.pid}.${nextPerson}.${randomBytes(3).toString('hex')}@example.org`;
}

export const GOOD_PASSWORD = 'Kolam#2026pass';

export function registration(extra: Partial<RegisterRequest> = {}): RegisterRequest {
  return { firstName: 'Meera', lastName: 'Raman', email: newEmail(), phoneNumber: '61412345678', password: GOOD_PASSWORD, termsAccepted: true, ...extra };
}

export interface CallOptions {
  token?: string;
  ip?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as X-Service-Token (the /internal calls). */
  serviceToken?: string;
  /** Other headers, e.g. Accept-Language (the language of the page a browser app shows). */
  headers?: Record<string, string>;
}

export function call(service: { url: string }, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? newAddress(), ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.serviceToken !== undefined) headers['X-Service-Token'] = options.serviceToken;
  return fetch(`${service.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

/** Reads an error answer, checking its status and shape. */
export async function apiError(res: Response, status: number): Promise<ApiError> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return apiErrorSchema.parse(JSON.parse(text));
}

/** Registers an account and logs in: its e-mail, password and login answer. */
export async function registerAndLogin(service: { url: string }, extra: Partial<RegisterRequest> = {}): Promise<{ email: string; password: string; login: LoginAnswer }> {
  const input = registration(extra);
  const registered = await call(service, '/auth/register', input);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const res = await call(service, '/auth/login', { email: input.email, password: input.password });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return { email: input.email, password: input.password, login: loginAnswerSchema.parse(await res.json()) };
}

/** The e-mails waiting in the outbox for `to`, oldest first. */
export async function outboxMails(pool: Pool, to: string): Promise<Array<EmailJob & { jobId: string; jobName: string }>> {
  const { rows } = await pool.query<{ job_id: string; job_name: string; queue: string; payload: unknown }>(
    `SELECT job_id, job_name, queue, payload FROM outbox WHERE payload->>'to' = $1 ORDER BY id`,
    [to],
  );
  return rows.map((row) => {
    if (row.queue !== 'email') throw new Error(`outbox row ${row.job_id} is for queue ${row.queue}`);
    return { ...emailJobSchema.parse(row.payload), jobId: row.job_id, jobName: row.job_name };
  });
}

/** The reset token in a reset e-mail's link. */
export function resetTokenIn(mail: EmailJob): string {
  const match = new RegExp(`${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/reset-password/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

/** Member details as /forms sends them (memberDetailsSchema), for `email`. */
export function memberDetails(email: string, extra: Partial<MemberDetailsInput> = {}): MemberDetailsInput {
  return {
    firstName: 'Meera',
    lastName: 'Raman',
    email,
    phoneNumber: '61412345678',
    addressLine1: '12 Tamil Street',
    suburb: 'Kilburn',
    stateProvince: 'SA',
    postalCode: '5084',
    profession: 'Engineer',
    dateOfBirth: '1990-05-17',
    gender: 'female',
    maritalStatus: 'married',
    ...extra,
  };
}

let nextCheckout = 0;
/** A new, unique Checkout Session id. */
export function newCheckoutSessionId(): string {
  nextCheckout += 1;
  return `cs_test_${process.pid}_${nextCheckout}_${randomBytes(6).toString('hex')}`;
}

/** What payments sends to POST /internal/memberships after a paid checkout. */
export function createMembershipBody(userId: string, email: string, extra: Partial<CreateMembershipRequest> = {}): CreateMembershipRequest {
  return { checkoutSessionId: newCheckoutSessionId(), userId, membershipName: 'Silver-Single', details: memberDetails(email), amountTotal: 1000, currency: 'aud', ...extra };
}

/** Creates a membership as payments does after a paid checkout; its answer. */
export async function createPaidMembership(service: { url: string }, body: CreateMembershipRequest): Promise<{ requestId: string; status: string; membershipName: string; created: boolean }> {
  const res = await call(service, '/internal/memberships', body, { serviceToken: TEST_SERVICE_TOKEN });
  if (res.status !== 201 && res.status !== 200) throw new Error(`create membership: ${res.status} ${await res.text()}`);
  return createMembershipAnswerSchema.parse(await res.json());
}

/** Adelaide's date today, `days` days on, as 'YYYY-MM-DD' (what the service counts in). */
export async function adelaideDate(pool: Pool, days = 0): Promise<string> {
  const { rows } = await pool.query<{ d: string }>(`SELECT ((now() AT TIME ZONE 'Australia/Adelaide')::date + $1::int) AS d`, [days]);
  return rows[0]?.d ?? '';
}

export type TestLevel = 'Silver-Single' | 'Silver-Family' | 'Gold-Single';

/** A member whose membership of `level` has `status` and ends `endsInDays` days from today (Adelaide). */
export async function memberEnding(identity: TestIdentity, endsInDays: number | null, status = 'Active', level: TestLevel = 'Silver-Single') {
  const { email, login } = await registerAndLogin(identity);
  const paid = await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: level }));
  if (endsInDays === null) {
    await identity.pool.query('UPDATE memberships SET status = $2 WHERE request_id = $1', [paid.requestId, status]);
  } else {
    const endsOn = await adelaideDate(identity.pool, endsInDays);
    await identity.pool.query(`UPDATE memberships SET status = $2, starts_on = ($3::date - interval '1 year')::date, ends_on = $3 WHERE request_id = $1`, [
      paid.requestId,
      status,
      endsOn,
    ]);
  }
  return { email, userId: login.user.id, requestId: paid.requestId };
}

/** The renewal reminders recorded for a membership (their thresholds, largest first). */
export async function remindersOf(pool: Pool, requestId: string): Promise<number[]> {
  const { rows } = await pool.query<{ threshold_days: number }>(
    'SELECT r.threshold_days FROM membership_reminders r JOIN memberships m ON m.id = r.membership_id WHERE m.request_id = $1 ORDER BY r.threshold_days DESC',
    [requestId],
  );
  return rows.map((r) => r.threshold_days);
}

/** Adds a session and a reset link of `userId` with the given ends (SQL intervals relative to now). */
export async function addEndedSessionAndResetLink(pool: Pool, userId: number, ends: { expires: string; revoked?: string; used?: string }): Promise<void> {
  await pool.query(`INSERT INTO sessions (user_id, token_hash, expires_at, revoked_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [
    userId,
    newToken().hash,
    ends.expires,
    ends.revoked ?? null,
  ]);
  await pool.query(`INSERT INTO password_resets (user_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [
    userId,
    newToken().hash,
    ends.expires,
    ends.used ?? null,
  ]);
}

/** How many sessions and reset links are stored. */
export async function sessionAndResetCounts(pool: Pool): Promise<{ sessions: number; resets: number }> {
  const { rows } = await pool.query<{ sessions: number; resets: number }>(
    'SELECT (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM password_resets) AS resets',
  );
  return rows[0] ?? { sessions: -1, resets: -1 };
}

/** A new member (registered and logged in) who has paid for a membership of `level` (Pending unless MEMBERSHIP_AUTO_APPROVE). */
export async function memberWithPaidMembership(identity: TestIdentity, level: MembershipLevelName) {
  const member = await registerAndLogin(identity);
  const paid = await createPaidMembership(identity, createMembershipBody(member.login.user.id, member.email, { membershipName: level }));
  return { ...member, requestId: paid.requestId };
}
