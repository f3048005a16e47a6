import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { registerRequestSchema } from '@tca/contracts';
import { UsageError } from './bench-options.js';
import type { LoadFigures } from './content-report.js';
import { benchAccounts, formatLoginTable, LOGIN_ANSWER_PATTERN, loginAnswerProblem, loginBody, loginRowProblems, parseLoginBenchOptions } from './login-report.js';

const figures = (over: Partial<LoadFigures> = {}): LoadFigures => ({
  requests: 500,
  durationS: 5,
  rps: 100,
  p50: 9.5,
  p99: 31.25,
  statuses: { 200: 500 },
  errors: 0,
  timeouts: 0,
  ...over,
});

describe('parseLoginBenchOptions', () => {
  test('defaults: 5 s runs after 1 s warm-up, 1 and 32 clients, 4 accounts, build, Redis database 2', () => {
    assert.deepEqual(parseLoginBenchOptions([], {}), {
      durationS: 5,
      warmupS: 1,
      concurrency: [1, 32],
      users: 4,
      build: true,
      redisUrl: 'redis://127.0.0.1:6379/2',
    });
  });

  test('the command line wins over BENCH_* variables, which win over the defaults', () => {
    const env = { BENCH_DURATION: '3', BENCH_WARMUP: '0', BENCH_CONCURRENCY: '2,4', BENCH_USERS: '2', BENCH_BUILD: '0', BENCH_REDIS_URL: 'redis://127.0.0.1:6379/5' };
    assert.deepEqual(parseLoginBenchOptions(['--duration', '2s', '--concurrency', '8, 1 ,8'], env), {
      durationS: 2,
      warmupS: 0,
      concurrency: [8, 1],
      users: 2,
      build: false,
      redisUrl: 'redis://127.0.0.1:6379/5',
    });
    assert.equal(parseLoginBenchOptions(['--no-build'], {}).build, false);
  });

  test('out-of-range, malformed and unknown options are usage errors that say what is allowed', () => {
    assert.throws(() => parseLoginBenchOptions(['--duration', '0'], {}), (err: Error) => err instanceof UsageError && /--duration must be a number from 0.2 to 120/.test(err.message));
    assert.throws(() => parseLoginBenchOptions(['--concurrency', '1,0'], {}), /--concurrency must be a whole number from 1 to 256 \(got "0"\)/);
    assert.throws(() => parseLoginBenchOptions(['--concurrency', '1,,2'], {}), /--concurrency must be a whole number/);
    assert.throws(() => parseLoginBenchOptions(['--users', '2.5'], {}), /--users must be a whole number from 1 to 64/);
    assert.throws(() => parseLoginBenchOptions([], { BENCH_WARMUP: 'soon' }), /--warmup must be a number/);
    assert.throws(() => parseLoginBenchOptions(['--gateway', 'http://127.0.0.1:3000'], {}), UsageError);
    assert.throws(() => parseLoginBenchOptions(['extra'], {}), UsageError);
    assert.throws(() => parseLoginBenchOptions(['--help'], {}), (err: Error) => err instanceof UsageError && err.message === '');
  });
});

describe('benchAccounts', () => {
  test('every body is one the identity service accepts, with distinct e-mails of this run', () => {
    const accounts = benchAccounts(5, 'mabc123');
    assert.equal(accounts.length, 5);
    for (const account of accounts) {
      const parsed = registerRequestSchema.safeParse(account);
      assert.ok(parsed.success, `${account.email}: ${parsed.success ? '' : parsed.error.message}`);
      assert.match(account.email, /^bench-login-mabc123-\d+@example\.org$/);
    }
    assert.equal(new Set(accounts.map((a) => a.email)).size, 5);
    assert.notDeepEqual(benchAccounts(1, 'other')[0]?.email, accounts[0]?.email);
    const [first] = accounts;
    assert.ok(first);
    assert.deepEqual(JSON.parse(loginBody(first)), { email: first.email, password: first.password });
  });
});

describe('loginAnswerProblem', () => {
  const good = { token: 'x'.repeat(43), user: { id: '1', email: 'Bench@Example.org', firstName: 'B', lastName: 'U', phoneNumber: '61412345678' }, expiresAt: '2026-01-01T00:00:00Z' };

  test('a 200 with a token and the same user (any letter case) is a good login', () => {
    assert.equal(loginAnswerProblem(200, good, 'bench@example.org'), null);
  });

  test('the load check finds the token in a real answer\'s JSON and not in a refusal', () => {
    assert.match(JSON.stringify(good), new RegExp(LOGIN_ANSWER_PATTERN));
    assert.doesNotMatch(JSON.stringify({ error: 'invalid_credentials', message: 'Invalid email or password' }), new RegExp(LOGIN_ANSWER_PATTERN));
  });

  test('anything else says what is wrong', () => {
    assert.equal(loginAnswerProblem(401, good, 'bench@example.org'), 'HTTP 401');
    assert.equal(loginAnswerProblem(200, 'ok', 'bench@example.org'), 'the answer is not a JSON object');
    assert.equal(loginAnswerProblem(200, { ...good, token: 'short' }, 'bench@example.org'), 'the answer has no session token');
    assert.equal(loginAnswerProblem(200, { token: good.token }, 'bench@example.org'), 'the answer has no user');
    assert.equal(loginAnswerProblem(200, good, 'someone@example.org'), 'the answer is for another user (Bench@Example.org)');
  });
});

describe('loginRowProblems and formatLoginTable', () => {
  test('a clean row has no problems and no flag', () => {
    const row = { clients: 32, figures: figures() };
    assert.deepEqual(loginRowProblems(row), []);
    const table = formatLoginTable([{ clients: 1, figures: figures({ rps: 42.25, p50: 21.5, p99: 40 }) }, row]);
    const [head = '', , one = '', many = '', ...rest] = table.split('\n');
    assert.deepEqual(rest, []);
    assert.match(head, /clients\s+logins\/s\s+p50 ms\s+p99 ms\s+logins\s+non-200\s+errors/);
    assert.match(one, /^\s+1\s+42\.3\s+21\.50\s+40\.00\s+500\s+0\s+0$/);
    assert.match(many, /^\s+32\s+100\.0\s+9\.50\s+31\.25\s+500\s+0\s+0$/);
  });

  test('other statuses, connection errors and silence are problems, and the row is flagged', () => {
    const row = { clients: 32, figures: figures({ statuses: { 200: 480, 429: 15, 500: 5 }, errors: 2, timeouts: 1 }) };
    assert.deepEqual(loginRowProblems(row), ['32 clients: 15 × 429, 5 × 500 (every login should answer 200)', '32 clients: 2 connection errors (1 time-outs)']);
    assert.match(formatLoginTable([row]).split('\n')[2] ?? '', /\s20\s+2 !$/);
    assert.deepEqual(loginRowProblems({ clients: 1, figures: figures({ requests: 0, rps: 0, p50: Number.NaN, p99: Number.NaN, statuses: {} }) }), ['1 clients: no response at all']);
    assert.deepEqual(loginRowProblems({ clients: 1, figures: figures({ unexpectedBodies: 3 }) }), ['1 clients: 3 answers without a session token']);
    assert.match(formatLoginTable([{ clients: 1, figures: figures({ requests: 0, rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, statuses: {} }) }]), /–/);
  });
});
