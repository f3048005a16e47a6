import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './bench-site.js';
import { describeTree, machineLine, siteLogLevel, startedSiteNote } from './machine-line.js';

test('machineLine: the Node version and the CPUs', () => {
  assert.equal(machineLine(), `Node ${process.version}, ${availableParallelism()} CPUs`);
  assert.match(machineLine(), /^Node v\d+\.\d+\.\d+, \d+ CPUs$/);
});

test("the site's LOG_LEVEL: the variable trimmed, info when unset or blank", (t) => {
  const before = process.env.LOG_LEVEL;
  t.after(() => {
    if (before === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = before;
  });
  delete process.env.LOG_LEVEL;
  assert.equal(siteLogLevel(), 'info');
  process.env.LOG_LEVEL = ' ';
  assert.equal(startedSiteNote(), 'the site started for this run, LOG_LEVEL info');
  process.env.LOG_LEVEL = ' warn ';
  assert.equal(startedSiteNote(), 'the site started for this run, LOG_LEVEL warn');
});

test('describeTree: the commit of the checkout, "an unknown commit" outside git', async (t) => {
  assert.match(describeTree(repoRoot), /^commit [0-9a-f]{4,}( with uncommitted changes)?$/);
  const outside = await mkdtemp(path.join(tmpdir(), 'tca-bench-notgit-'));
  t.after(() => rm(outside, { recursive: true, force: true }));
  assert.equal(describeTree(path.join(outside, 'missing')), 'an unknown commit');
});
