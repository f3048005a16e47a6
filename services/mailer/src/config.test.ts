import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadMailerConfig } from './config.js';

describe('mailer config', () => {
  test('defaults, under the variables\' own names', () => {
    const config = loadMailerConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.deepEqual(config, {
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'info',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Adelaide Tamil Association <no-reply@localhost>',
      MAIL_CONCURRENCY: 5,
      SMTP_RATE_PER_SECOND: 10,
      BULLMQ_PREFIX: 'bull',
      MAIL_LOCK_DURATION_MS: 60_000,
      MAIL_STALLED_INTERVAL_MS: 30_000,
      MAIL_GIVE_UP_AFTER_MS: 24 * 3600 * 1000,
      MAIL_EXTENDED_RETRY_MIN_MS: 30_000,
      SHUTDOWN_GRACE_MS: 30_000,
    });
  });

  test('reads every variable it knows, and only those', () => {
    const config = loadMailerConfig({
      REDIS_URL: 'rediss://cache.example.org:6380',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtps://mail.example.org:465',
      MAIL_FROM: 'Club <club@example.org>',
      MAIL_CONCURRENCY: '2',
      SMTP_RATE_PER_SECOND: '0',
      BULLMQ_PREFIX: 'test.prefix-1',
      MAIL_LOCK_DURATION_MS: '5000',
      MAIL_STALLED_INTERVAL_MS: '6000',
      MAIL_GIVE_UP_AFTER_MS: '0',
      MAIL_EXTENDED_RETRY_MIN_MS: '700',
      SHUTDOWN_GRACE_MS: '800',
      DATABASE_URL: 'postgres://ignored',
      PORT: '1234',
    });
    assert.deepEqual(config, {
      REDIS_URL: 'rediss://cache.example.org:6380',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtps://mail.example.org:465',
      MAIL_FROM: 'Club <club@example.org>',
      MAIL_CONCURRENCY: 2,
      SMTP_RATE_PER_SECOND: 0,
      BULLMQ_PREFIX: 'test.prefix-1',
      MAIL_LOCK_DURATION_MS: 5000,
      MAIL_STALLED_INTERVAL_MS: 6000,
      MAIL_GIVE_UP_AFTER_MS: 0,
      MAIL_EXTENDED_RETRY_MIN_MS: 700,
      SHUTDOWN_GRACE_MS: 800,
    });
  });

  test('every bad variable listed at once, each with its rule', () => {
    assert.throws(
      () => loadMailerConfig({ SMTP_URL: 'http://x', MAIL_CONCURRENCY: '0', BULLMQ_PREFIX: 'a:b', LOG_LEVEL: 'loud' }),
      (err: Error) => {
        assert.ok(err instanceof ConfigError);
        for (const name of ['REDIS_URL', 'SMTP_URL', 'MAIL_CONCURRENCY', 'BULLMQ_PREFIX', 'LOG_LEVEL']) assert.match(err.message, new RegExp(name));
        assert.match(err.message, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
        assert.match(err.message, /MAIL_CONCURRENCY: must be at least 1/);
        assert.match(err.message, /BULLMQ_PREFIX: letters, digits, _ \. - only/);
        return true;
      },
    );
  });
});
