import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ConfigError, loadConfig, portVar, serviceEnvSchema, trustProxyVar } from './config.js';

const valid = {
  PORT: '4001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig(serviceEnvSchema, valid);
    assert.deepEqual(config, {
      ...valid,
      PORT: 4001,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
      CORS_ORIGINS: [],
      BODY_LIMIT: '100kb',
      SHUTDOWN_GRACE_MS: 10000,
      SHUTDOWN_DRAIN_DELAY_MS: 0,
      TRUST_PROXY: ['loopback'],
    });
  });

  it('parses the CORS list and treats empty values as unset', () => {
    const config = loadConfig(serviceEnvSchema, { ...valid, CORS_ORIGINS: ' http://localhost:3000, https://example.org ,', LOG_LEVEL: '' });
    assert.deepEqual(config.CORS_ORIGINS, ['http://localhost:3000', 'https://example.org']);
    assert.equal(config.LOG_LEVEL, 'info');
  });

  it('lists every bad or missing variable in one readable error, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig(serviceEnvSchema, { PORT: 'abc', LOG_LEVEL: 'loud', REDIS_URL: 'http://secret-host', CORS_ORIGINS: 'https://ok.org,https://bad.org/path', DATABASE_URL: '' });
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof ConfigError);
    const variables = error.problems.map((problem) => problem.variable).sort();
    assert.deepEqual(variables, ['CORS_ORIGINS', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
    assert.match(error.message, /^Invalid configuration \(5 problems\):/);
    assert.match(error.message, /- DATABASE_URL: is required but not set/);
    assert.match(error.message, /- PORT: must be a whole number/);
    assert.match(error.message, /- REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    assert.match(error.message, /- LOG_LEVEL: must be one of fatal, error/);
    assert.match(error.message, /- CORS_ORIGINS: entry 2 must be an origin/);
    assert.doesNotMatch(error.message, /secret-host/);
  });

  it('lets a service extend the schema with its own default port', () => {
    const schema = serviceEnvSchema.extend({ PORT: portVar(4002) });
    const { PORT: _unused, ...withoutPort } = valid;
    assert.equal(loadConfig(schema, withoutPort).PORT, 4002);
    assert.throws(() => loadConfig(schema, { ...withoutPort, PORT: '70000' }), /PORT: must be at most 65535/);
  });

  it('reads TRUST_PROXY as the list Express takes: addresses, CIDR ranges, range names; none is the empty list', () => {
    const read = (value: string) => loadConfig(serviceEnvSchema, { ...valid, TRUST_PROXY: value }).TRUST_PROXY;
    assert.deepEqual(read(' 10.0.0.0/8, 192.168.1.5 ,::1, fd00::/8,uniquelocal,'), ['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8', 'uniquelocal']);
    assert.deepEqual(read('none'), []);
    assert.deepEqual(loadConfig(z.object({ TRUST_PROXY: trustProxyVar('none') }), {}).TRUST_PROXY, [], 'a default of none');
    for (const bad of ['true', '2', 'gateway.internal', '10.0.0.0/33', '::1/129', 'loopback, none', '10.0.0.0/']) {
      assert.throws(() => read(bad), /TRUST_PROXY: entry \d must be an IP address, a CIDR range like 10\.0\.0\.0\/8, loopback, linklocal, uniquelocal, or none alone/, bad);
    }
  });
});
