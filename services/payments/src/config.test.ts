import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loadPaymentsConfig, MIGRATIONS_DIR } from './config.js';

describe('payments config', () => {
  it('defaults to port 4003', () => {
    const config = loadPaymentsConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(config.PORT, 4003);
  });

  it('fails with a ConfigError naming each missing variable', () => {
    assert.throws(
      () => loadPaymentsConfig({}),
      (err) => err instanceof ConfigError && err.problems.map((p) => p.variable).join(',') === 'DATABASE_URL,REDIS_URL',
    );
  });

  it('finds its migrations from the package root', () => {
    assert.ok(existsSync(join(MIGRATIONS_DIR, '001_init.sql')));
  });
});
