import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadContentConfig, MIGRATIONS_DIR } from './config.js';
import { testMetricsConfig } from '@tca/service-kit/testing';

describe('content config', () => {
  it('defaults to port 4001', () => {
    const config = loadContentConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(config.PORT, 4001);
    assert.deepEqual(config.IDENTITY_URL, ['http://127.0.0.1:4002']);
    assert.equal(config.IDENTITY_TIMEOUT_MS, 2000);
  });

  it('names a bad IDENTITY_URL or IDENTITY_TIMEOUT_MS', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    assert.deepEqual(loadContentConfig({ ...base, IDENTITY_URL: 'http://identity:4002/' }).IDENTITY_URL, ['http://identity:4002']);
    assert.throws(
      () => loadContentConfig({ ...base, IDENTITY_URL: 'identity:4002', IDENTITY_TIMEOUT_MS: '10' }),
      (err) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.variable === 'IDENTITY_URL' && /http\(s\)/.test(p.problem)) &&
        err.problems.some((p) => p.variable === 'IDENTITY_TIMEOUT_MS' && /at least 50/.test(p.problem)),
    );
  });

  it('takes the identity replicas as a comma-separated IDENTITY_URL, naming a bad or repeated entry', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    assert.deepEqual(loadContentConfig({ ...base, IDENTITY_URL: 'http://10.0.0.5:4002, http://10.0.0.6:4002/' }).IDENTITY_URL, ['http://10.0.0.5:4002', 'http://10.0.0.6:4002']);
    const problem = (value: string) => {
      try {
        loadContentConfig({ ...base, IDENTITY_URL: value });
      } catch (err) {
        if (err instanceof ConfigError) return err.problems.find((p) => p.variable === 'IDENTITY_URL')?.problem;
        throw err;
      }
      return undefined;
    };
    assert.match(problem('http://10.0.0.5:4002,10.0.0.6:4002') ?? '', /entry 2 \("10\.0\.0\.6:4002"\) must be an http\(s\):\/\/ URL/);
    assert.match(problem('http://a:4002,,http://b:4002') ?? '', /entry 2 \(""\)/);
    assert.match(problem('http://a:4002,http://a:4002/') ?? '', /names a replica twice/);
  });

  it('fails with a ConfigError naming each missing variable', () => {
    assert.throws(
      () => loadContentConfig({}),
      (err) => err instanceof ConfigError && err.problems.map((p) => p.variable).join(',') === 'DATABASE_URL,REDIS_URL',
    );
  });

  it('finds its migrations from the package root', () => {
    assert.ok(existsSync(join(MIGRATIONS_DIR, '001_init.sql')));
  });
});

describe('content config: the metrics port', () => {
  testMetricsConfig(loadContentConfig, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379', HOST: '10.1.2.3' }, '10.1.2.3');
});
