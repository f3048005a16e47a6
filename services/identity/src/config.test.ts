import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { DEVELOPMENT_STAFF_SECRETS_KEY, loadIdentityConfig, MIGRATIONS_DIR, staffSecretsKey } from './config.js';
import { testMetricsConfig } from '@tca/service-kit/testing';

describe('identity config', () => {
  it('defaults to port 4002', () => {
    const config = loadIdentityConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(config.PORT, 4002);
  });

  it('has the documented rate limits and window by default, and accepts 0 to turn one off', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    const config = loadIdentityConfig(base);
    assert.deepEqual(
      [config.LOGIN_RATE_LIMIT_PER_IP, config.LOGIN_FAILURE_LIMIT_PER_ACCOUNT, config.REGISTER_RATE_LIMIT_PER_IP, config.RESET_RATE_LIMIT_PER_IP, config.RESET_RATE_LIMIT_PER_EMAIL],
      [20, 10, 5, 5, 3],
    );
    assert.deepEqual([config.RESET_PASSWORD_RATE_LIMIT_PER_IP, config.RESET_PASSWORD_RATE_LIMIT_PER_TOKEN], [10, 5]);
    assert.equal(config.AUTH_RATE_LIMIT_WINDOW_MS, 900_000);
    assert.equal(config.SESSION_IDLE_TIMEOUT_MS, 1_800_000);
    assert.equal(loadIdentityConfig({ ...base, SESSION_IDLE_TIMEOUT_MS: '0' }).SESSION_IDLE_TIMEOUT_MS, 0);
    assert.equal(config.IDENTITY_HOUSEKEEPING_INTERVAL_MS, 3_600_000);
    assert.equal(loadIdentityConfig({ ...base, LOGIN_RATE_LIMIT_PER_IP: '0' }).LOGIN_RATE_LIMIT_PER_IP, 0);
    assert.throws(
      () => loadIdentityConfig({ ...base, RESET_RATE_LIMIT_PER_EMAIL: 'lots' }),
      (err) => err instanceof ConfigError && err.problems.some((p) => p.variable === 'RESET_RATE_LIMIT_PER_EMAIL'),
    );
  });

  it('settles announcement recipients left queued after ANNOUNCEMENT_SETTLE_AFTER_MINUTES (60 by default, 0 = no sweep)', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    assert.equal(loadIdentityConfig(base).ANNOUNCEMENT_SETTLE_AFTER_MINUTES, 60);
    assert.equal(loadIdentityConfig({ ...base, ANNOUNCEMENT_SETTLE_AFTER_MINUTES: '15' }).ANNOUNCEMENT_SETTLE_AFTER_MINUTES, 15);
    assert.equal(loadIdentityConfig({ ...base, ANNOUNCEMENT_SETTLE_AFTER_MINUTES: '0' }).ANNOUNCEMENT_SETTLE_AFTER_MINUTES, 0);
    for (const bad of ['-5', 'an hour', '1.5']) {
      assert.throws(
        () => loadIdentityConfig({ ...base, ANNOUNCEMENT_SETTLE_AFTER_MINUTES: bad }),
        (err) => err instanceof ConfigError && err.problems.some((p) => p.variable === 'ANNOUNCEMENT_SETTLE_AFTER_MINUTES' && /whole number/.test(p.problem)),
        bad,
      );
    }
  });

  it('fails with a ConfigError naming each missing variable', () => {
    assert.throws(
      () => loadIdentityConfig({}),
      (err) => err instanceof ConfigError && err.problems.map((p) => p.variable).join(',') === 'DATABASE_URL,REDIS_URL',
    );
  });

  it('needs a SERVICE_TOKEN of 32 characters or more in production only, and reads MEMBERSHIP_AUTO_APPROVE (false by default)', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    const token = 'a'.repeat(32);
    const config = loadIdentityConfig(base);
    assert.equal(config.SERVICE_TOKEN, undefined);
    assert.equal(config.MEMBERSHIP_AUTO_APPROVE, false);
    assert.equal(loadIdentityConfig({ ...base, SERVICE_TOKEN: token }).SERVICE_TOKEN, token);
    assert.equal(loadIdentityConfig({ ...base, MEMBERSHIP_AUTO_APPROVE: 'true' }).MEMBERSHIP_AUTO_APPROVE, true);
    const problem = (env: Record<string, string>, variable: string, pattern: RegExp) =>
      assert.throws(
        () => loadIdentityConfig({ ...base, ...env }),
        (err) => err instanceof ConfigError && err.problems.some((p) => p.variable === variable && pattern.test(p.problem)),
      );
    problem({ NODE_ENV: 'production' }, 'SERVICE_TOKEN', /required/);
    problem({ SERVICE_TOKEN: 'short' }, 'SERVICE_TOKEN', /at least 32 characters/);
    problem({ MEMBERSHIP_AUTO_APPROVE: 'yes' }, 'MEMBERSHIP_AUTO_APPROVE', /true or false/);
    assert.equal(loadIdentityConfig({ ...base, NODE_ENV: 'production', SERVICE_TOKEN: token, STAFF_SECRETS_KEY: randomBytes(32).toString('base64') }).SERVICE_TOKEN, token);
  });

  it('needs a STAFF_SECRETS_KEY of 32 bytes (base64) in production only; elsewhere the development key stands in', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    const key = randomBytes(32).toString('base64');
    assert.deepEqual(staffSecretsKey(loadIdentityConfig(base)), Buffer.from(DEVELOPMENT_STAFF_SECRETS_KEY, 'base64'));
    assert.equal(staffSecretsKey(loadIdentityConfig(base)).length, 32);
    assert.deepEqual(staffSecretsKey(loadIdentityConfig({ ...base, STAFF_SECRETS_KEY: key })), Buffer.from(key, 'base64'));
    const problems = (env: Record<string, string>) => {
      try {
        loadIdentityConfig({ ...base, SERVICE_TOKEN: 'a'.repeat(32), ...env });
        return [];
      } catch (err) {
        return err instanceof ConfigError ? err.problems.filter((p) => p.variable === 'STAFF_SECRETS_KEY').map((p) => p.problem) : [String(err)];
      }
    };
    assert.match(problems({ NODE_ENV: 'production' }).join(), /required/);
    assert.match(problems({ STAFF_SECRETS_KEY: randomBytes(16).toString('base64') }).join(), /32 bytes in base64/);
    assert.match(problems({ STAFF_SECRETS_KEY: 'not base64 at all!' }).join(), /32 bytes in base64/);
    assert.deepEqual(problems({ NODE_ENV: 'production', STAFF_SECRETS_KEY: key }), []);
  });

  it('finds its migrations from the package root', () => {
    assert.ok(existsSync(join(MIGRATIONS_DIR, '001_init.sql')));
  });
});

describe('identity config: the metrics port', () => {
  testMetricsConfig(loadIdentityConfig, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' });
});
