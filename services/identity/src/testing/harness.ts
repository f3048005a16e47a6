/**
 * Test support for the identity service (not built into dist/): the service on a throw-away database and
 * a redis-server of its own (so queued e-mails and rate-limit counters never meet other tests' or a
 * running site's), and small helpers to call it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrorSchema, emailJobSchema, loginAnswerSchema, type ApiError, type EmailJob, type LoginAnswer, type RegisterRequest } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, type TestDatabase } from '@tca/service-kit/testing';
import { loadIdentityConfig, SCHEMA } from '../config.js';
import { start } from '../server.js';

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

export interface TestRedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free port, without persistence. */
export async function startRedisServer(): Promise<TestRedisServer> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => finish(new Error(`redis-server did not start:\n${seen}`)), 10_000);
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('Ready to accept connections')) finish();
      };
      const onExit = () => finish(new Error(`redis-server exited:\n${seen}`));
      function finish(err?: Error) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        if (err) reject(err);
        else resolve();
      }
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/** Every rate limit off: the tests of other behaviour make many calls from one address. */
export const NO_RATE_LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '0',
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
  REGISTER_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_EMAIL: '0',
} as const;

export const TEST_PUBLIC_URL = 'https://tamil.example.org';

export interface TestIdentity {
  url: string;
  /** The service's schema, for looking at and arranging rows. */
  pool: Pool;
  redis: TestRedisServer;
  /** Stops the service, then its Redis and database. Idempotent. */
  stop(): Promise<void>;
}

/** Starts the identity service as `npm start` does (migrations included) on a new database and its own Redis. */
export async function startTestIdentity(label: string, env: Record<string, string> = {}): Promise<TestIdentity> {
  const closers: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (closers.length > 0) await closers.pop()?.().catch(() => undefined);
  };
  try {
    const db: TestDatabase = await createTestDatabase(`identity_${label}`);
    closers.push(() => db.drop());
    const redis = await startRedisServer();
    closers.push(() => redis.stop());
    const config = loadIdentityConfig({ DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: '0', PUBLIC_URL: TEST_PUBLIC_URL, ...NO_RATE_LIMITS, ...env });
    const running = await start(config, { handleSignals: false, logger: createLogger({ name: 'identity', level: 'silent' }) });
    closers.push(() => running.stop());
    const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: `identity-test-${label}` });
    closers.push(() => pool.end());
    return { url: running.url, pool, redis, stop };
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
  method?: 'GET' | 'POST';
}

export function call(service: { url: string }, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? newAddress() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
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
