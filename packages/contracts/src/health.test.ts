import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readinessSchema } from './health.js';
import { accepts } from './testing/schema-checks.js';

test('/readyz: ready, not-ready or draining, with each check ok or failed', () => {
  for (const status of ['ready', 'not-ready', 'draining']) assert.equal(accepts(readinessSchema, { status, checks: { postgres: 'ok', redis: 'failed' } }), true, status);
  assert.equal(accepts(readinessSchema, { status: 'ready', checks: {} }), true);
  assert.equal(accepts(readinessSchema, { status: 'ok', checks: {} }), false);
  assert.equal(accepts(readinessSchema, { status: 'ready', checks: { postgres: 'down' } }), false);
  assert.equal(accepts(readinessSchema, { status: 'ready' }), false);
});
