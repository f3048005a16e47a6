import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { demoCheckoutRequestSchema, membershipCheckoutRequestSchema, registerRequestSchema } from '@tca/contracts';
import { UsageError } from './bench-options.js';
import type { LoadFigures } from './content-report.js';
import {
  CHECKOUT_ANSWER_PATTERN,
  checkoutAnswerProblem,
  checkoutRowProblems,
  demoCheckoutBody,
  formatCheckoutTable,
  formatFulfilmentTable,
  fulfilmentRate,
  fulfilmentRowProblems,
  membershipCheckoutBody,
  parsePaymentsBenchOptions,
  paymentAccounts,
  sessionIdOf,
  speedup,
  type FulfilmentRow,
} from './payments-report.js';

const figures = (over: Partial<LoadFigures> = {}): LoadFigures => ({
  requests: 400,
  durationS: 5,
  rps: 80,
  p50: 11.5,
  p99: 42.25,
  statuses: { 200: 400 },
  errors: 0,
  timeouts: 0,
  unexpectedBodies: 0,
  ...over,
});

const row = (over: Partial<FulfilmentRow> = {}): FulfilmentRow => ({ workers: 1, backlog: 200, fulfilled: 200, receipts: 200, seconds: 10, timedOut: false, ...over });

describe('parsePaymentsBenchOptions', () => {
  test('defaults: 1 and 8 connections, 4 accounts, a backlog of 200, 1 and 3 workers, Redis database 6', () => {
    assert.deepEqual(parsePaymentsBenchOptions([], {}), {
      durationS: 5,
      warmupS: 1,
      concurrency: [1, 8],
      users: 4,
      backlog: 200,
      workers: [1, 3],
      fulfilTimeoutS: 300,
      build: true,
      redisUrl: 'redis://127.0.0.1:6379/6',
    });
  });

  test('the command line wins over BENCH_* variables, which win over the defaults', () => {
    const env = { BENCH_BACKLOG: '50', BENCH_WORKERS: '2', BENCH_BUILD: '0', BENCH_REDIS_URL: 'redis://127.0.0.1:6379/7', BENCH_DURATION: '3' };
    const options = parsePaymentsBenchOptions(['--backlog', '20', '--workers', '3, 1,3', '--fulfil-timeout', '60'], env);
    assert.equal(options.backlog, 20);
    assert.deepEqual(options.workers, [3, 1]);
    assert.equal(options.fulfilTimeoutS, 60);
    assert.equal(options.durationS, 3);
    assert.equal(options.build, false);
    assert.equal(options.redisUrl, 'redis://127.0.0.1:6379/7');
  });

  test('out-of-bounds or malformed values are usage errors naming the option', () => {
    assert.throws(() => parsePaymentsBenchOptions(['--backlog', '0'], {}), (err: Error) => err instanceof UsageError && /--backlog/.test(err.message));
    assert.throws(() => parsePaymentsBenchOptions(['--workers', '1,x'], {}), (err: Error) => err instanceof UsageError && /--workers/.test(err.message));
    assert.throws(() => parsePaymentsBenchOptions(['--fulfil-timeout', '5'], {}), (err: Error) => err instanceof UsageError && /--fulfil-timeout/.test(err.message));
    assert.throws(() => parsePaymentsBenchOptions(['--nope'], {}), UsageError);
    assert.throws(() => parsePaymentsBenchOptions([], { BENCH_CONCURRENCY: '1,1000' }), (err: Error) => err instanceof UsageError && /--concurrency/.test(err.message));
  });

  test('--help is a usage error without a message', () => {
    assert.throws(() => parsePaymentsBenchOptions(['--help'], {}), (err: Error) => err instanceof UsageError && err.message === '');
  });
});

describe('request bodies', () => {
  test('accounts are valid registrations, unique per run and group', () => {
    const a = paymentAccounts(3, 'run1', 'checkout');
    const b = paymentAccounts(3, 'run1', 'backlog1');
    for (const account of [...a, ...b]) assert.equal(registerRequestSchema.safeParse(account).success, true, account.email);
    assert.equal(new Set([...a, ...b].map((account) => account.email)).size, 6);
  });

  test('the membership body meets membershipCheckoutRequestSchema with the account e-mail in both places', () => {
    const [account] = paymentAccounts(1, 'run1', 'checkout');
    assert.ok(account);
    const parsed = membershipCheckoutRequestSchema.parse(JSON.parse(membershipCheckoutBody(account)));
    assert.equal(parsed.customerEmail, account.email);
    assert.equal(parsed.membership.email, account.email);
    assert.equal(parsed.productName, 'Silver-Single');
    assert.equal(parsed.price, 10);
  });

  test('the demo body is the demo book at its price', () => {
    assert.deepEqual(demoCheckoutRequestSchema.parse(JSON.parse(demoCheckoutBody())), { productName: 'Stubborn Attachments', price: 20, quantity: 1 });
  });
});

describe('checkout answers', () => {
  test('200 with an http(s) url is fine; anything else is named', () => {
    assert.equal(checkoutAnswerProblem(200, { url: 'http://127.0.0.1:4010/c/pay/cs_test_abc' }), null);
    assert.equal(checkoutAnswerProblem(429, { error: 'x' }), 'HTTP 429');
    assert.equal(checkoutAnswerProblem(200, 'text'), 'the answer is not a JSON object');
    assert.equal(checkoutAnswerProblem(200, { url: '' }), 'the answer has no checkout URL');
  });

  test('the load pattern matches a checkout answer and nothing else', () => {
    const pattern = new RegExp(CHECKOUT_ANSWER_PATTERN);
    assert.ok(pattern.test(JSON.stringify({ url: 'http://127.0.0.1:4010/c/pay/cs_test_abc' })));
    assert.ok(!pattern.test(JSON.stringify({ error: 'login_required', message: 'Please log in before proceeding' })));
    assert.ok(!pattern.test(''));
  });

  test('sessionIdOf finds the Checkout Session id in a hosted-page URL', () => {
    assert.equal(sessionIdOf('http://127.0.0.1:4010/c/pay/cs_test_a1B2#frag'), 'cs_test_a1B2');
    assert.equal(sessionIdOf('http://127.0.0.1:4010/elsewhere'), undefined);
  });
});

describe('checkout rows', () => {
  test('a clean row has no problems and no mark', () => {
    const clean = { kind: 'demo book', connections: 8, figures: figures() };
    assert.deepEqual(checkoutRowProblems(clean), []);
    const table = formatCheckoutTable([clean]);
    assert.match(table, /^kind\s+conns\s+req\/s\s+p50 ms\s+p99 ms\s+answers\s+bad\s+errors$/m);
    assert.match(table, /^demo book\s+8\s+80\.0\s+11\.50\s+42\.25\s+400\s+0\s+0$/m);
  });

  test('non-200 answers, answers without a url, unchecked bodies and errors are each reported and marked', () => {
    const bad = { kind: 'membership', connections: 1, figures: figures({ statuses: { 200: 390, 503: 10 }, unexpectedBodies: 10, errors: 2, timeouts: 1 }) };
    const problems = checkoutRowProblems(bad);
    assert.deepEqual(problems, [
      'membership, 1 connections: 10 × 503 (every checkout should answer 200)',
      'membership, 1 connections: 10 answers without a checkout URL',
      'membership, 1 connections: 2 connection errors (1 time-outs)',
    ]);
    assert.match(formatCheckoutTable([bad]), /membership\s+1\s+80\.0\s+11\.50\s+42\.25\s+400\s+10\s+2 !$/m);
    const { unexpectedBodies: _unchecked, ...noCheck } = figures();
    assert.deepEqual(checkoutRowProblems({ kind: 'demo book', connections: 1, figures: noCheck }), ["demo book, 1 connections: the answers' bodies were not checked"]);
    assert.deepEqual(checkoutRowProblems({ kind: 'demo book', connections: 1, figures: figures({ requests: 0, statuses: {} }) }), ['demo book, 1 connections: no response at all']);
  });

  test('missing latencies print as a dash', () => {
    assert.match(formatCheckoutTable([{ kind: 'demo book', connections: 1, figures: figures({ p50: Number.NaN, p99: Number.NaN }) }]), /80\.0\s+–\s+–/);
  });
});

describe('fulfilment figures', () => {
  test('rate is fulfilled orders per second; NaN without a duration', () => {
    assert.equal(fulfilmentRate(row({ fulfilled: 200, seconds: 8 })), 25);
    assert.ok(Number.isNaN(fulfilmentRate(row({ seconds: 0 }))));
  });

  test('speedup compares rates, not durations of different backlogs', () => {
    assert.equal(speedup(row({ workers: 3, fulfilled: 200, seconds: 4 }), row({ fulfilled: 200, seconds: 10 })), 2.5);
    assert.equal(speedup(row({ workers: 3, backlog: 100, fulfilled: 100, seconds: 4 }), row({ fulfilled: 200, seconds: 10 })), 1.25);
    assert.ok(Number.isNaN(speedup(row(), row({ fulfilled: 0 }))));
    assert.ok(Number.isNaN(speedup(row(), row({ seconds: 0 }))));
  });

  test('a complete run has no problems; a short or timed-out one says what is missing', () => {
    assert.deepEqual(fulfilmentRowProblems(row()), []);
    assert.deepEqual(fulfilmentRowProblems(row({ workers: 3, fulfilled: 150, receipts: 149, seconds: 300, timedOut: true })), [
      '3 workers: gave up after 300.0 s',
      '3 workers: 150 of 200 orders paid',
      '3 workers: 149 of 200 receipts in the outbox',
    ]);
  });

  test('the table shows each run with its rate and the ratio to the first run', () => {
    const table = formatFulfilmentTable([row({ seconds: 10 }), row({ workers: 3, seconds: 4 }), row({ workers: 2, fulfilled: 10, receipts: 10, seconds: 100, timedOut: true })]);
    const lines = table.split('\n');
    assert.match(lines[0] ?? '', /^workers\s+backlog\s+paid\s+receipts\s+seconds\s+fulfil\/s\s+ratio$/);
    assert.match(lines[2] ?? '', /^\s+1\s+200\s+200\s+200\s+10\.00\s+20\.0\s+1\.00×$/);
    assert.match(lines[3] ?? '', /^\s+3\s+200\s+200\s+200\s+4\.00\s+50\.0\s+2\.50×$/);
    assert.match(lines[4] ?? '', /^\s+2\s+200\s+10\s+10\s+100\.00\s+0\.1\s+0\.01× !$/);
    assert.equal(formatFulfilmentTable([]).split('\n').length, 2);
  });
});
