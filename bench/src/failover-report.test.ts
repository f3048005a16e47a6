import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from './bench-options.js';
import { countMails, FAILOVER_VICTIMS, failoverProblems, formatFailoverTable, parseFailoverBenchOptions, replicaEnvironment, type FailoverFigures } from './failover-report.js';

const good: FailoverFigures = {
  getsSent: 4000,
  getSeconds: 100,
  getFailures: {},
  members: 200,
  checkoutsCreated: 203,
  checkoutRetries: 3,
  accountRetries: 2,
  paid: 200,
  membershipCounts: { none: 0, one: 200, more: 0 },
  receipts: 200,
  receiptDuplicates: 0,
  otherDuplicates: 0,
  kills: [...FAILOVER_VICTIMS],
  durationS: 120.4,
  settleS: 31.2,
};

describe('bench:failover report', () => {
  test('options: defaults, command line over environment, bounds; the kills always before the last checkout', () => {
    const defaults = parseFailoverBenchOptions([], {});
    assert.deepEqual(defaults, { checkouts: 200, getRate: 40, killAfter: 60, concurrency: 4, timeoutS: 300, build: true, redisUrl: 'redis://127.0.0.1:6379/8' });
    const set = parseFailoverBenchOptions(['--checkouts', '10', '--kill-after', '50', '--no-build'], { BENCH_CHECKOUTS: '99', BENCH_GET_RATE: '5', BENCH_REDIS_URL: 'redis://127.0.0.1:6379/3' });
    assert.deepEqual([set.checkouts, set.killAfter, set.getRate, set.build, set.redisUrl], [10, 9, 5, false, 'redis://127.0.0.1:6379/3']);
    assert.throws(() => parseFailoverBenchOptions(['--timeout', '301'], {}), UsageError);
    assert.throws(() => parseFailoverBenchOptions(['--checkouts', '0'], {}), UsageError);
  });

  test('the stack is asked for 2 replicas of each API and 3 copies of each worker', () => {
    assert.deepEqual(replicaEnvironment(), {
      CONTENT_REPLICAS: '2',
      IDENTITY_REPLICAS: '2',
      PAYMENTS_REPLICAS: '2',
      MAILER_WORKERS: '3',
      TICKETS_WORKERS: '3',
      MEMBERSHIP_WORKERS: '3',
      PAYMENTS_WORKERS: '3',
    });
  });

  test('a run that kept every invariant has no problem; each broken one is named', () => {
    assert.deepEqual(failoverProblems(good, 200), []);
    const bad: FailoverFigures = {
      ...good,
      getFailures: { '502 on /blog/get': 2 },
      members: 199,
      paid: 198,
      membershipCounts: { none: 1, one: 197, more: 1 },
      receipts: 200,
      receiptDuplicates: 2,
      otherDuplicates: 1,
      kills: ['content'],
    };
    assert.deepEqual(failoverProblems(bad, 200), [
      '2 of 4000 GETs failed (2 × 502 on /blog/get)',
      '199 of 200 members got through their checkout',
      '198 of 199 paid checkouts were fulfilled',
      'memberships per member: 1 with none, 1 with more than one',
      '198 of 199 members got their receipt',
      '2 receipts were sent twice',
      '1 other e-mails were sent twice',
      'not killed: identity, payments, mailer, tickets-worker, membership-worker, payments-worker',
    ]);
  });

  test('the table names every figure', () => {
    const table = formatFailoverTable(good);
    for (const text of ['GETs sent / failed', '4000 / 0 (40.0/s for 100.0 s)', '203 / 200', '3 / 2', '200 of 200 (0 / 0)', 'kills (SIGKILL)', '7: content, identity, payments', '31.2', '120.4']) assert.ok(table.includes(text), text);
  });

  test('e-mails: receipts and second copies, per recipient and subject, only to the members', () => {
    const members = new Set(['a@example.org', 'b@example.org']);
    const mails = [
      { to: ['A@example.org'], subject: 'Your Silver-Single membership receipt (ORD-1)' },
      { to: ['a@example.org'], subject: 'Your Silver-Single membership receipt (ORD-1)' },
      { to: ['b@example.org'], subject: 'Your Silver-Single membership receipt (ORD-2)' },
      { to: ['b@example.org'], subject: 'Welcome' },
      { to: ['b@example.org'], subject: 'Welcome' },
      { to: ['someone@example.org'], subject: 'Welcome' },
      { to: ['someone@example.org'], subject: 'Welcome' },
    ];
    assert.deepEqual(countMails(mails, members), { receipts: 3, receiptDuplicates: 1, otherDuplicates: 1 });
  });
});
