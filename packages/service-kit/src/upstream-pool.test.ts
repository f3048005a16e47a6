import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createUpstreamPool } from './upstream-pool.js';

describe('upstream pool', () => {
  test('takes the replicas in turn, skips the ones tried and those cooling down until their cool-down ends', () => {
    let now = 0;
    const pool = createUpstreamPool(['a', 'b', 'c'], { coolDownMs: 100, now: () => now });
    assert.deepEqual([pool.pick(), pool.pick(), pool.pick(), pool.pick()], ['a', 'b', 'c', 'a']);
    assert.equal(pool.pick(new Set(['b'])), 'c');
    pool.markDown('a');
    assert.deepEqual([pool.pick(), pool.pick(), pool.pick()], ['b', 'c', 'b']);
    now = 99;
    assert.equal(pool.isCoolingDown('a'), true);
    now = 100;
    assert.equal(pool.isCoolingDown('a'), false);
    assert.deepEqual([pool.pick(), pool.pick(), pool.pick()], ['c', 'a', 'b']);
  });

  test('every replica cooling down: they are tried anyway, in turn; none left once all were tried', () => {
    const pool = createUpstreamPool(['a', 'b'], { coolDownMs: 1000, now: () => 0 });
    pool.markDown('a');
    pool.markDown('b');
    assert.deepEqual([pool.pick(), pool.pick(), pool.pick()], ['a', 'b', 'a']);
    assert.equal(pool.pick(new Set(['a'])), 'b');
    assert.equal(pool.pick(new Set(['a', 'b'])), undefined);
    pool.markUp('b');
    assert.deepEqual([pool.pick(), pool.pick()], ['b', 'b']);
  });

  test('one replica: always that one; none: an error', () => {
    const pool = createUpstreamPool(['only']);
    pool.markDown('only');
    assert.equal(pool.pick(), 'only');
    assert.throws(() => createUpstreamPool([]), /at least one URL/);
  });
});
