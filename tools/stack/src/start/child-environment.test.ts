import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { baseEnvironment, persistentStaffSecretsKey, STAFF_SECRETS_KEY_FILE } from './child-environment.js';
import type { Infrastructure } from './start-infrastructure.js';

const infrastructure = {
  postgres: { url: 'postgres://p@127.0.0.1:5/db', source: 'embedded', stop: async () => undefined, killNow: () => undefined },
  redis: { url: 'redis://127.0.0.1:6', source: 'spawned', stop: async () => undefined },
  smtp: { url: 'smtp://127.0.0.1:7', source: 'maildev', stop: async () => undefined },
} satisfies Infrastructure;

const lookupIn =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

test('every child gets the infrastructure, the site URL and one secret for internal calls; no PORT', () => {
  const env = baseEnvironment({
    extra: { PORT: '1', DATABASE_URL: 'postgres://elsewhere', EXTRA: 'kept' },
    lookup: lookupIn({ LOG_LEVEL: 'debug', SERVICE_TOKEN: 'shared' }),
    infrastructure,
    siteUrl: 'http://localhost:3000',
  });
  assert.equal(env.DATABASE_URL, infrastructure.postgres.url);
  assert.equal(env.REDIS_URL, infrastructure.redis.url);
  assert.equal(env.SMTP_URL, infrastructure.smtp.url);
  assert.equal(env.PUBLIC_URL, 'http://localhost:3000');
  assert.equal(env.HOST, '127.0.0.1');
  assert.equal(env.LOG_LEVEL, 'debug');
  assert.equal(env.SERVICE_TOKEN, 'shared');
  assert.equal(env.EXTRA, 'kept');
  assert.equal('PORT' in env, false);
});

test('without SERVICE_TOKEN each run makes a new one; LOG_LEVEL defaults to info', () => {
  const make = () => baseEnvironment({ extra: undefined, lookup: lookupIn({}), infrastructure, siteUrl: 'http://localhost:3000' });
  const [a, b] = [make(), make()];
  assert.match(a.SERVICE_TOKEN ?? '', /^[0-9a-f]{64}$/);
  assert.notEqual(a.SERVICE_TOKEN, b.SERVICE_TOKEN);
  assert.equal(a.LOG_LEVEL, 'info');
});

test('the mail sink and the Stripe sandbox stay allowed under NODE_ENV=production, unless ALLOW_TEST_SERVICES is set', () => {
  const run = (values: Record<string, string>) => baseEnvironment({ extra: undefined, lookup: lookupIn(values), infrastructure, siteUrl: 'http://localhost:3000' });
  assert.equal(run({ NODE_ENV: 'production' }).ALLOW_TEST_SERVICES, 'true');
  assert.equal(run({ ALLOW_TEST_SERVICES: 'false' }).ALLOW_TEST_SERVICES, 'false');
});

test('STAFF_SECRETS_KEY: the configured one, else one kept in the data dir (0600) and the same on every run', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'tca-staff-key-')), 'data');
  try {
    const first = persistentStaffSecretsKey(lookupIn({}), dataDir);
    assert.equal(Buffer.from(first, 'base64').length, 32);
    assert.equal(statSync(join(dataDir, STAFF_SECRETS_KEY_FILE)).mode & 0o777, 0o600);
    assert.equal(persistentStaffSecretsKey(lookupIn({}), dataDir), first, 'kept across runs');
    assert.equal(persistentStaffSecretsKey(lookupIn({ STAFF_SECRETS_KEY: 'configured' }), dataDir), 'configured');
    const env = baseEnvironment({ extra: undefined, lookup: lookupIn({}), infrastructure, siteUrl: 'http://localhost:3000', staffSecretsKey: first });
    assert.equal(env.STAFF_SECRETS_KEY, first);
  } finally {
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
});
