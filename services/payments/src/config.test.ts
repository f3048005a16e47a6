import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { checkoutLocales, loadPaymentsConfig, MIGRATIONS_DIR } from './config.js';
import { testMetricsConfig } from '@tca/service-kit/testing';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: 'redis://127.0.0.1:6379',
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

function problemsOf(env: Record<string, string>): Record<string, string> {
  try {
    loadPaymentsConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return Object.fromEntries(err.problems.map((p) => [p.variable, p.problem]));
    throw err;
  }
  return {};
}

describe('payments config', () => {
  it('asks Stripe for en, and for Tamil pages the sandbox for ta and Stripe itself for auto (it has no Tamil), unless CHECKOUT_TAMIL_LOCALE says', () => {
    assert.deepEqual(checkoutLocales(loadPaymentsConfig(base)), { en: 'en', ta: 'auto' });
    assert.deepEqual(checkoutLocales(loadPaymentsConfig({ ...base, STRIPE_API_BASE: 'https://api.stripe.com' })), { en: 'en', ta: 'auto' });
    assert.deepEqual(checkoutLocales(loadPaymentsConfig({ ...base, STRIPE_API_BASE: 'http://127.0.0.1:4010' })), { en: 'en', ta: 'ta' });
    assert.deepEqual(checkoutLocales(loadPaymentsConfig({ ...base, CHECKOUT_TAMIL_LOCALE: 'en-GB' })), { en: 'en', ta: 'en-GB' });
    assert.match(problemsOf({ ...base, CHECKOUT_TAMIL_LOCALE: 'Tamil please' }).CHECKOUT_TAMIL_LOCALE ?? '', /Stripe Checkout locale/);
  });

  it('defaults to port 4003, real Stripe, identity on 4002 and long fulfilment retries', () => {
    const config = loadPaymentsConfig(base);
    assert.equal(config.PORT, 4003);
    assert.equal(config.STRIPE_API_BASE, undefined);
    assert.deepEqual(config.IDENTITY_URL, ['http://127.0.0.1:4002']);
    assert.equal(config.FULFIL_MAX_ATTEMPTS, 15);
    assert.equal(config.FULFIL_RETRY_BASE_MS, 2000);
    assert.equal(config.PAYMENTS_LOCK_DURATION_MS, 60_000);
    assert.equal(config.PAYMENTS_STALLED_INTERVAL_MS, 30_000);
    assert.equal(config.SERVICE_TOKEN, undefined);
  });

  it('takes the identity replicas as a comma-separated IDENTITY_URL (the internal calls of the worker too), naming a bad entry', () => {
    assert.deepEqual(loadPaymentsConfig({ ...base, IDENTITY_URL: 'http://identity-1:4002,http://identity-2:4002' }).IDENTITY_URL, ['http://identity-1:4002', 'http://identity-2:4002']);
    assert.match(problemsOf({ ...base, IDENTITY_URL: 'http://identity-1:4002,ftp://identity-2' }).IDENTITY_URL ?? '', /entry 2 \("ftp:\/\/identity-2"\) must be an http\(s\):\/\/ URL/);
    assert.match(problemsOf({ ...base, IDENTITY_URL: 'identity' }).IDENTITY_URL ?? '', /^must be an http\(s\):\/\/ URL$/);
  });

  it('fails with a ConfigError naming each missing variable', () => {
    assert.deepEqual(Object.keys(problemsOf({})).sort(), ['DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('names bad Stripe keys, a base URL with a path, a short service token, and a missing token in production', () => {
    const problems = problemsOf({ ...base, STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'secret', STRIPE_API_BASE: 'http://127.0.0.1:4010/v1', SERVICE_TOKEN: 'short' });
    assert.match(problems.STRIPE_SECRET_KEY ?? '', /sk_test_/);
    assert.match(problems.STRIPE_WEBHOOK_SECRET ?? '', /whsec_/);
    assert.match(problems.STRIPE_API_BASE ?? '', /without a path/);
    assert.match(problems.SERVICE_TOKEN ?? '', /at least 32/);
    assert.match(problemsOf({ ...base, NODE_ENV: 'production' }).SERVICE_TOKEN ?? '', /required/);
  });

  it('names a bad ALLOW_TEST_SERVICES', () => {
    assert.match(problemsOf({ ...base, ALLOW_TEST_SERVICES: 'yes' }).ALLOW_TEST_SERVICES ?? '', /true or false/);
    assert.equal(loadPaymentsConfig(base).ALLOW_TEST_SERVICES, false);
  });

  it('finds its migrations from the package root', () => {
    assert.ok(existsSync(join(MIGRATIONS_DIR, '001_init.sql')));
    assert.ok(existsSync(join(MIGRATIONS_DIR, '002_checkout.sql')));
  });
});

describe('payments config in production (NODE_ENV=production, as the container image sets)', () => {
  const token = 'x'.repeat(32);
  const live = { ...base, NODE_ENV: 'production', SERVICE_TOKEN: token, STRIPE_SECRET_KEY: 'sk_live_abc123' };

  it('refuses the Stripe sandbox (compose\'s http://stripe-sandbox:4010), naming STRIPE_API_BASE and the opt-in', () => {
    for (const sandbox of ['http://stripe-sandbox:4010', 'http://127.0.0.1:4010']) {
      const problems = problemsOf({ ...live, STRIPE_API_BASE: sandbox });
      assert.deepEqual(Object.keys(problems), ['STRIPE_API_BASE'], sandbox);
      assert.match(problems.STRIPE_API_BASE ?? '', /not api\.stripe\.com.*ALLOW_TEST_SERVICES=true/, sandbox);
    }
  });

  it('refuses a test-mode key (where 4242… pays), naming STRIPE_SECRET_KEY', () => {
    for (const key of ['sk_test_abc123', 'rk_test_abc123']) {
      const problems = problemsOf({ ...live, STRIPE_SECRET_KEY: key });
      assert.deepEqual(Object.keys(problems), ['STRIPE_SECRET_KEY'], key);
      assert.match(problems.STRIPE_SECRET_KEY ?? '', /test-mode key.*sk_live_.*ALLOW_TEST_SERVICES=true/, key);
    }
    // Both at once: the sandbox's usual settings name both variables.
    assert.deepEqual(Object.keys(problemsOf({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_API_BASE: 'http://stripe-sandbox:4010' })).sort(), ['STRIPE_API_BASE', 'STRIPE_SECRET_KEY']);
  });

  it('accepts a live key on api.stripe.com; the sandbox and a test key only with ALLOW_TEST_SERVICES=true (docker compose --profile local)', () => {
    assert.equal(loadPaymentsConfig(live).STRIPE_API_BASE, undefined);
    assert.equal(loadPaymentsConfig({ ...live, STRIPE_API_BASE: 'https://api.stripe.com' }).STRIPE_API_BASE, 'https://api.stripe.com');
    assert.equal(loadPaymentsConfig({ ...live, STRIPE_SECRET_KEY: 'rk_live_abc123' }).STRIPE_SECRET_KEY, 'rk_live_abc123');
    const local = loadPaymentsConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_API_BASE: 'http://stripe-sandbox:4010', ALLOW_TEST_SERVICES: 'true' });
    assert.deepEqual([local.STRIPE_SECRET_KEY, local.STRIPE_API_BASE, local.ALLOW_TEST_SERVICES], ['sk_test_abc123', 'http://stripe-sandbox:4010', true]);
  });

  it('outside production (npm start, the tests) the sandbox and test keys are accepted as before', () => {
    assert.equal(loadPaymentsConfig({ ...base, STRIPE_API_BASE: 'http://127.0.0.1:4010' }).STRIPE_API_BASE, 'http://127.0.0.1:4010');
  });
});

describe('payments config: the metrics port', () => {
  testMetricsConfig(loadPaymentsConfig, base);
});
