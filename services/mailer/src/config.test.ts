import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadMailerConfig } from './config.js';
import { testMetricsConfig } from '@tca/service-kit/testing';

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
      MAIL_EXTENDED_RETRY_MIN_MS: 10_000,
      MAIL_RETRY_MAX_DELAY_MS: 30_000,
      SHUTDOWN_GRACE_MS: 30_000,
      ALLOW_TEST_SERVICES: false,
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
      MAIL_RETRY_MAX_DELAY_MS: '900',
      SHUTDOWN_GRACE_MS: '800',
      NODE_ENV: 'production',
      ALLOW_TEST_SERVICES: 'true',
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
      MAIL_RETRY_MAX_DELAY_MS: 900,
      SHUTDOWN_GRACE_MS: 800,
      NODE_ENV: 'production',
      ALLOW_TEST_SERVICES: true,
    });
  });

  test('every bad variable listed at once, each with its rule', () => {
    assert.throws(
      () => loadMailerConfig({ SMTP_URL: 'http://x', MAIL_CONCURRENCY: '0', BULLMQ_PREFIX: 'a:b', LOG_LEVEL: 'loud', ALLOW_TEST_SERVICES: 'yes' }),
      (err: Error) => {
        assert.ok(err instanceof ConfigError);
        for (const name of ['REDIS_URL', 'SMTP_URL', 'MAIL_CONCURRENCY', 'BULLMQ_PREFIX', 'LOG_LEVEL', 'ALLOW_TEST_SERVICES']) assert.match(err.message, new RegExp(name));
        assert.match(err.message, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
        assert.match(err.message, /MAIL_CONCURRENCY: must be at least 1/);
        assert.match(err.message, /BULLMQ_PREFIX: letters, digits, _ \. - only/);
        assert.match(err.message, /ALLOW_TEST_SERVICES: must be true or false/);
        return true;
      },
    );
  });
});

describe('mailer retry settings', () => {
  const base = { REDIS_URL: 'redis://127.0.0.1:6379' };

  test('by default a mail unsent for SMTP trouble is retried for a day, at most 30 s apart', () => {
    const config = loadMailerConfig(base);
    assert.ok(config.MAIL_GIVE_UP_AFTER_MS >= 15 * 60 * 1000, 'at least 15 minutes before giving up');
    assert.ok(config.MAIL_EXTENDED_RETRY_MIN_MS <= config.MAIL_RETRY_MAX_DELAY_MS);
    assert.equal(config.MAIL_RETRY_MAX_DELAY_MS, 30_000);
  });

  test('the first extended delay may equal the cap, not exceed it', () => {
    assert.equal(loadMailerConfig({ ...base, MAIL_EXTENDED_RETRY_MIN_MS: '5000', MAIL_RETRY_MAX_DELAY_MS: '5000' }).MAIL_RETRY_MAX_DELAY_MS, 5000);
    assert.throws(
      () => loadMailerConfig({ ...base, MAIL_EXTENDED_RETRY_MIN_MS: '60000', MAIL_RETRY_MAX_DELAY_MS: '30000' }),
      (err: Error) => err instanceof ConfigError && /MAIL_EXTENDED_RETRY_MIN_MS: must not be more than MAIL_RETRY_MAX_DELAY_MS \(30000\)/.test(err.message),
    );
    // Only the cap set, below the default first delay: refused too, naming the variable to set (the loader's wording for an unset one).
    assert.throws(() => loadMailerConfig({ ...base, MAIL_RETRY_MAX_DELAY_MS: '5000' }), /MAIL_EXTENDED_RETRY_MIN_MS: is required but not set/);
  });

  test('zero or negative delays are refused', () => {
    assert.throws(() => loadMailerConfig({ ...base, MAIL_RETRY_MAX_DELAY_MS: '0' }), /MAIL_RETRY_MAX_DELAY_MS: must be at least 1/);
    assert.throws(() => loadMailerConfig({ ...base, MAIL_EXTENDED_RETRY_MIN_MS: '-5' }), /MAIL_EXTENDED_RETRY_MIN_MS/);
  });
});

describe('mailer config in production (NODE_ENV=production, as the container image sets)', () => {
  const production = { REDIS_URL: 'redis://redis:6379', NODE_ENV: 'production' };

  /** The ConfigError's lines, or [] when the environment is accepted. */
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadMailerConfig(env);
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.message.split('\n').slice(1);
    }
  }

  test('without SMTP_URL it refuses to start, naming SMTP_URL (mail would go to the local sink)', () => {
    assert.deepEqual(problemsOf(production), ['  - SMTP_URL: is required but not set']);
  });

  test("an SMTP_URL on the mail sink's port (compose's smtp://mail:1025, MailDev) is refused, naming SMTP_URL and the opt-in", () => {
    for (const url of ['smtp://mail:1025', 'smtp://127.0.0.1:1025?ignoreTLS=true']) {
      const problems = problemsOf({ ...production, SMTP_URL: url });
      assert.equal(problems.length, 1, url);
      assert.match(problems[0] ?? '', /^ {2}- SMTP_URL: points at the local mail sink .*ALLOW_TEST_SERVICES=true/, url);
    }
  });

  test('a real SMTP server is accepted; so is the sink with ALLOW_TEST_SERVICES=true (docker compose --profile local)', () => {
    assert.equal(loadMailerConfig({ ...production, SMTP_URL: 'smtps://mail.example.org:465' }).SMTP_URL, 'smtps://mail.example.org:465');
    assert.equal(loadMailerConfig({ ...production, SMTP_URL: 'smtp://mail:1025', ALLOW_TEST_SERVICES: 'true' }).SMTP_URL, 'smtp://mail:1025');
    assert.equal(loadMailerConfig({ ...production, ALLOW_TEST_SERVICES: 'true' }).SMTP_URL, 'smtp://127.0.0.1:1025');
    assert.deepEqual(problemsOf({ ...production, SMTP_URL: 'smtp://mail:1025', ALLOW_TEST_SERVICES: 'false' }).length, 1);
  });

  test('outside production (npm start, the tests) the sink stays the default', () => {
    assert.equal(loadMailerConfig({ REDIS_URL: 'redis://127.0.0.1:6379', NODE_ENV: 'development' }).SMTP_URL, 'smtp://127.0.0.1:1025');
  });
});

describe('mailer config: the metrics port (no HOST: 127.0.0.1 unless METRICS_HOST)', () => {
  testMetricsConfig(loadMailerConfig, { REDIS_URL: 'redis://127.0.0.1:6379' });
});
