import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadContentConfig, MIGRATIONS_DIR } from './config.js';

describe('content config', () => {
  it('defaults to port 4001', () => {
    const config = loadContentConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(config.PORT, 4001);
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
