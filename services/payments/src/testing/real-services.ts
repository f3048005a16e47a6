/**
 * Test support (not built into dist/): the real services payments works with, each as its own process
 * started from its package folder (no package dependency, so no cycle): identity (whose
 * POST /internal/memberships fulfilment calls) on a throw-away database, the mailer sending to an SMTP sink,
 * and payments worker processes (src/worker.ts, the real entry point) for a running stack.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import pg from 'pg';
import { loginAnswerSchema, type AccountUser } from '@tca/contracts';
import { createTestDatabase, freePort, startNodeProcess, startSmtpSink, type NodeProcess, type SmtpSink } from '@tca/service-kit/testing';
import { call, PAYMENTS_DIR, type Closers, type PaymentsStack } from './harness.js';

export const IDENTITY_DIR = fileURLToPath(new URL('../../../identity/', import.meta.url));
export const MAILER_DIR = fileURLToPath(new URL('../../../mailer/', import.meta.url));

/** Runs `work` over `items` with at most `limit` at once; results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

export interface RealIdentity {
  url: string;
  serviceToken: string;
  /** Its database (schema `identity`), for counting what it stored. */
  db: pg.Pool;
  /** Starts the service (it needs a Redis, usually the payments stack's; so the stack can be told its URL first). */
  start(redisUrl: string): Promise<NodeProcess>;
}

/** A database, a port and a SERVICE_TOKEN for the real identity service; `start` runs it. */
export async function prepareRealIdentity(closers: Closers, label: string): Promise<RealIdentity> {
  const database = await createTestDatabase(`pay_${label}_identity`);
  closers.add(() => database.drop());
  const serviceToken = randomBytes(32).toString('hex');
  const port = await freePort();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  closers.add(() => db.end());
  return {
    url: `http://127.0.0.1:${port}`,
    serviceToken,
    db,
    async start(redisUrl) {
      const identity = await startNodeProcess({
        cwd: IDENTITY_DIR,
        file: 'src/index.ts',
        env: {
          DATABASE_URL: database.url,
          // Only for its rate limits (off here) and its own e-mails.
          REDIS_URL: redisUrl,
          PORT: String(port),
          SERVICE_TOKEN: serviceToken,
          LOGIN_RATE_LIMIT_PER_IP: '0',
          LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
          REGISTER_RATE_LIMIT_PER_IP: '0',
          RESET_RATE_LIMIT_PER_IP: '0',
          RESET_RATE_LIMIT_PER_EMAIL: '0',
          LOG_LEVEL: 'info',
        },
        ready: /"msg":"listening"/,
        label: 'identity',
      });
      closers.add(() => identity.stop());
      return identity;
    },
  };
}

/** `count` members registered with identity and logged in, `concurrency` at a time (each costs two argon2 hashes). */
export function registerMembers(identityUrl: string, count: number, concurrency = 8): Promise<Array<{ token: string; user: AccountUser }>> {
  const run = `${process.pid}.${randomBytes(3).toString('hex')}`;
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      const email = `member.${run}.${i}@example.org`;
      const password = 'Kolam#2026pass';
      const registered = await call(`${identityUrl}/auth/register`, { body: { firstName: 'Meera', lastName: 'Raman', email, phoneNumber: '61412345678', password, termsAccepted: true } });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      const login = loginAnswerSchema.parse((await call(`${identityUrl}/auth/login`, { body: { email, password } })).body);
      return { token: login.token, user: login.user };
    },
  );
}

/** An SMTP sink and the real mailer sending what is queued on `redisUrl`'s `email` queue to it. */
export async function startRealMailer(closers: Closers, redisUrl: string, options: { concurrency?: number } = {}): Promise<{ sink: SmtpSink; mailer: NodeProcess }> {
  const sink = await startSmtpSink({ closeTimeoutMs: 1000 });
  closers.add(() => sink.close());
  const mailer = await startNodeProcess({
    cwd: MAILER_DIR,
    file: 'src/index.ts',
    env: { REDIS_URL: redisUrl, SMTP_URL: sink.url, SMTP_RATE_PER_SECOND: '0', MAIL_CONCURRENCY: String(options.concurrency ?? 10), LOG_LEVEL: 'info' },
    ready: /email worker started/,
    label: 'mailer',
  });
  closers.add(() => mailer.stop());
  return { sink, mailer };
}

/** A payments worker process (src/worker.ts) for `stack`, logging at info (its readiness line is an info line). */
export async function startWorkerProcess(stack: PaymentsStack, label: string, env: Record<string, string> = {}): Promise<NodeProcess> {
  return startNodeProcess({
    cwd: PAYMENTS_DIR,
    file: 'src/worker.ts',
    env: { ...stack.env, LOG_LEVEL: 'info', ...env },
    ready: /"msg":"queue worker started"/,
    label,
    // Several started at once on a busy machine: tsx compiles each.
    timeoutMs: 60_000,
  });
}
