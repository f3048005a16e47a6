import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadSandboxConfig, MIGRATIONS_DIR } from './config.js';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', SANDBOX_SECRET_KEY: 'sk_test_abcdefgh1234', SANDBOX_WEBHOOK_SECRET: 'whsec_abcdefgh1234' };

describe('stripe sandbox config', () => {
  it('defaults to port 4010, needs no Redis, and has its switches off', () => {
    const config = loadSandboxConfig(base);
    assert.equal(config.PORT, 4010);
    assert.equal(config.SANDBOX_PUBLIC_URL, undefined);
    assert.deepEqual(config.SANDBOX_WEBHOOK_URL, []);
    assert.equal(config.SANDBOX_DUPLICATE_DELIVERY, false);
    assert.equal(config.SANDBOX_OUT_OF_ORDER, false);
    assert.equal(config.SANDBOX_MAX_ATTEMPTS, 8);
    assert.equal(config.SANDBOX_ADMIN, true);
    assert.equal(config.SANDBOX_MERCHANT_NAME, 'Adelaide Tamil Association');
  });

  it('reads endpoints, switches and the public URL', () => {
    const config = loadSandboxConfig({
      ...base,
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:4003/webhooks/stripe, http://other:1/hook',
      SANDBOX_DUPLICATE_DELIVERY: '1',
      SANDBOX_OUT_OF_ORDER: 'true',
      SANDBOX_ADMIN: '0',
      SANDBOX_PUBLIC_URL: 'http://localhost:4010/',
    });
    assert.deepEqual(config.SANDBOX_WEBHOOK_URL, ['http://127.0.0.1:4003/webhooks/stripe', 'http://other:1/hook']);
    assert.equal(config.SANDBOX_DUPLICATE_DELIVERY, true);
    assert.equal(config.SANDBOX_OUT_OF_ORDER, true);
    assert.equal(config.SANDBOX_ADMIN, false);
    assert.equal(config.SANDBOX_PUBLIC_URL, 'http://localhost:4010');
  });

  it('names every missing or bad variable, and refuses a live key', () => {
    assert.throws(
      () => loadSandboxConfig({}),
      (err) => err instanceof ConfigError && err.problems.map((p) => p.variable).join(',') === 'DATABASE_URL,SANDBOX_SECRET_KEY,SANDBOX_WEBHOOK_SECRET',
    );
    assert.throws(
      () => loadSandboxConfig({ ...base, SANDBOX_SECRET_KEY: 'sk_live_abcdefgh1234', SANDBOX_WEBHOOK_URL: 'ftp://x', SANDBOX_OUT_OF_ORDER: 'maybe' }),
      (err) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.variable === 'SANDBOX_SECRET_KEY' && /sk_test_/.test(p.problem)) &&
        err.problems.some((p) => p.variable === 'SANDBOX_WEBHOOK_URL' && /http/.test(p.problem)) &&
        err.problems.some((p) => p.variable === 'SANDBOX_OUT_OF_ORDER' && /1 or 0/.test(p.problem)),
    );
  });

  it('finds its migrations from the package root', () => {
    assert.ok(existsSync(join(MIGRATIONS_DIR, '001_init.sql')));
  });
});
