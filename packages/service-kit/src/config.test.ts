import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, portVar, serviceEnvSchema } from './config.js';

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
});
