import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extendedRetryDelay, failedAttemptLine, failureReason, RETRY_JITTER } from './retry-policy.js';

const policy = { firstDelayMs: 10_000, maxDelayMs: 30_000 };

describe('extended retry delay', () => {
  test('doubles from the first delay up to the cap, without jitter at random() = 0', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 50, 10_000].map((retry) => extendedRetryDelay(retry, policy, () => 0)), [10_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
    assert.deepEqual([1, 2, 3, 4].map((retry) => extendedRetryDelay(retry, { firstDelayMs: 200, maxDelayMs: 30_000 }, () => 0)), [200, 400, 800, 1600]);
  });

  test('a retry number below 1 counts as the first', () => {
    assert.equal(extendedRetryDelay(0, policy, () => 0), 10_000);
    assert.equal(extendedRetryDelay(-3, policy, () => 0), 10_000);
  });

  test(`jitter takes up to ${RETRY_JITTER * 100} % off, also at the cap, so a batch that failed together is spread`, () => {
    assert.equal(extendedRetryDelay(9, policy, () => 0.999_999), Math.floor(30_000 * (1 - RETRY_JITTER * 0.999_999)));
    const delays = Array.from({ length: 1000 }, () => extendedRetryDelay(9, policy));
    for (const delay of delays) assert.ok(delay > 30_000 * (1 - RETRY_JITTER) - 1 && delay <= 30_000, String(delay));
    assert.ok(new Set(delays).size > 100, 'the delays differ');
    assert.ok(Math.min(...delays) < 18_000 && Math.max(...delays) > 27_000, `spread over the range (${Math.min(...delays)}-${Math.max(...delays)})`);
  });
});

describe('job log line of a failed try', () => {
  test('a regular attempt: its number, the job\'s attempts, the reason and the next delay', () => {
    assert.equal(
      failedAttemptLine({ attempt: 2, attempts: 5, reason: 'connect ECONNREFUSED 127.0.0.1:2525', nextDelayMs: 2000 }),
      'attempt 2 of 5 failed: connect ECONNREFUSED 127.0.0.1:2525; next try in 2.0s',
    );
  });

  test('an extended retry says until when they go on; delays of 10 s and more in whole seconds', () => {
    assert.equal(
      failedAttemptLine({ attempt: 7, attempts: 5, reason: 'Greeting never received', nextDelayMs: 27_456, retryUntil: new Date('2026-11-28T18:00:00.000Z') }),
      'attempt 7 failed (retrying while SMTP is unreachable, until 2026-11-28T18:00:00.000Z): Greeting never received; next try in 27s',
    );
  });

  test('the last one says it gives up', () => {
    assert.equal(failedAttemptLine({ attempt: 1, attempts: 1, reason: 'invalid email job: to: Invalid email' }), 'attempt 1 of 1 failed: invalid email job: to: Invalid email; giving up');
  });

  test('the reason keeps its first line, at most 300 characters, and no e-mail address', () => {
    assert.equal(failureReason("Can't send mail - all recipients were rejected: 550 5.1.1 <member-7@example.org>: unknown\nmore"), "Can't send mail - all recipients were rejected: 550 5.1.1 <<address>>: unknown");
    assert.equal(failureReason('Mail command failed: 553 sender a.b+c@mail.example.org refused'), 'Mail command failed: 553 sender <address> refused');
    assert.equal(failureReason('x'.repeat(400)).length, 300);
    assert.equal(failureReason(''), '(no message)');
  });
});
