/**
 * Test support for the mailer's fault tests: a batch of mails queued as the outbox relays queue mail (the key
 * as job id, DEFAULT_JOB_OPTIONS), and the real mailer started as its own process.
 */
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { QUEUES, type EmailJob } from '@tca/contracts';
import { DEFAULT_JOB_OPTIONS } from '@tca/service-kit';
import { startNodeProcess, type NodeProcess, type TestRedisServer } from '@tca/service-kit/testing';
import type { EmailResult } from '../worker.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** `<prefix>-000`, `<prefix>-001`, ...: the mails' idempotency keys (and job ids). */
export function batchKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
}

export function batchMail(key: string): EmailJob {
  return { key, to: `member-${key}@example.org`, subject: `Receipt ${key}`, text: `Hello ${key}, thank you.` };
}

/** A queue on the test's Redis with the batch in it; close it when done. */
export async function queueBatch(redis: TestRedisServer, keys: readonly string[]): Promise<Queue<EmailJob, EmailResult>> {
  const queue = new Queue<EmailJob, EmailResult>(QUEUES.email, { connection: { host: '127.0.0.1', port: redis.port } });
  await queue.addBulk(keys.map((key) => ({ name: 'send', data: batchMail(key), opts: { ...DEFAULT_JOB_OPTIONS, jobId: key } })));
  return queue;
}

/** The mailer's entry file as a child process, ready once it logs that the worker started. */
export function startMailerProcess(label: string, env: Record<string, string>): Promise<NodeProcess> {
  return startNodeProcess({ cwd: PACKAGE_DIR, file: 'src/index.ts', env: { LOG_LEVEL: 'info', ...env }, ready: /"msg":"email worker started"/, label });
}
