import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@tca/contracts';
import { startNodeProcess, startSmtpSink, testRedisUrl, uniquePrefix, waitFor } from '@tca/service-kit/testing';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));

describe('the mailer process', () => {
  test('a bad environment: every problem on stderr, exit code 78 (EX_CONFIG)', async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'src/index.ts'],
        { cwd: PACKAGE_DIR, env: { PATH: process.env.PATH ?? '', SMTP_URL: 'http://x' }, timeout: 30_000 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` }),
      );
    });
    assert.equal(code, 78);
    assert.match(output, /^mailer: /m);
    assert.match(output, /REDIS_URL: is required/);
    assert.match(output, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  test('sends what is queued with the settings from the environment, and stops on SIGTERM with exit code 0', { timeout: 60_000 }, async () => {
    const smtp = await startSmtpSink({ closeTimeoutMs: 500 });
    const prefix = uniquePrefix('mailer_entry').replace(/-/g, '_');
    const redisUrl = new URL(testRedisUrl());
    const queue = new Queue(QUEUES.email, { connection: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }, prefix });
    try {
      const mailer = await startNodeProcess({
        cwd: PACKAGE_DIR,
        file: 'src/index.ts',
        env: { REDIS_URL: testRedisUrl(), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, BULLMQ_PREFIX: prefix, MAIL_FROM: 'Entry Test <entry@tamil.example.org>', SMTP_RATE_PER_SECOND: '7', LOG_LEVEL: 'info' },
        ready: /"msg":"email worker started"/,
        label: 'mailer',
      });
      try {
        assert.match(mailer.output(), /"ratePerSecond":7/);
        await queue.add('send', { key: 'entry-1', to: 'member@example.org', subject: 'From the entry point', text: 'Hello.' }, { jobId: 'entry-1' });
        await waitFor(() => smtp.mails.length === 1, 15_000, 'the mail to reach SMTP');
        assert.equal(smtp.mails[0]?.envelope.from, 'entry@tamil.example.org');
        assert.equal(smtp.mails[0]?.subject, 'From the entry point');
        assert.deepEqual(smtp.mails[0]?.to, ['member@example.org']);
      } finally {
        assert.equal(await mailer.stop(), 0);
      }
    } finally {
      await queue.obliterate({ force: true });
      // What the worker left besides the queue (sent markers, the limiter): every key of this prefix.
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await queue.close();
      await smtp.close();
    }
  });
});
