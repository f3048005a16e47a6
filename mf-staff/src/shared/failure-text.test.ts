import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpFailure } from '@tca/ui/testing/api-doubles';
import { failureText } from './failure-text.js';

test("a failed staff call shows the service's message, the wait after too many attempts, or that no answer came", () => {
  assert.equal(failureText(httpFailure(409, 'Conflict', { error: 'last_owner', message: 'Keep one owner.' })), 'Keep one owner.');
  assert.match(failureText(httpFailure(429, 'Too Many Requests', { error: 'rate_limited', message: 'Too many attempts.' }, '60')), /^Too many attempts\. .*minute/);
  assert.equal(failureText(httpFailure(502, 'Bad Gateway', null)), 'The server answered 502 Bad Gateway. Please try again.');
  assert.equal(failureText({ kind: 'network', message: 'Failed to fetch' }), 'No answer from the server. Check your connection and try again.');
});
