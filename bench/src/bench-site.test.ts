import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Cleanups } from './bench-main.js';
import { benchDataDir, repoRoot } from './bench-site.js';

test('repoRoot is the repository (bench/ is in it)', () => {
  assert.ok(existsSync(path.join(repoRoot, 'bench', 'package.json')));
  assert.ok(existsSync(path.join(repoRoot, 'package-lock.json')));
});

test('benchDataDir: a new folder named after the bench that PostgreSQL can reach; the cleanup removes it', async () => {
  const cleanups: Cleanups = [];
  const dir = await benchDataDir('unit', cleanups);
  assert.match(path.basename(dir), /^tca-bench-unit-/);
  assert.equal((await stat(dir)).mode & 0o777, 0o755);
  assert.equal(cleanups.length, 1);
  await cleanups[0]?.();
  assert.equal(existsSync(dir), false);
});
