import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildAllowed, listIn, listOption, numberIn, numberOption, optionOrEnv, parseBenchArgs, UsageError } from './bench-options.js';

describe('parseBenchArgs', () => {
  const own = { duration: { type: 'string' }, strict: { type: 'boolean' } } as const;

  test("a bench's own options plus --no-build", () => {
    assert.deepEqual({ ...parseBenchArgs(['--duration', '2', '--strict', '--no-build'], own) }, { duration: '2', strict: true, 'no-build': true });
    assert.deepEqual({ ...parseBenchArgs([], own) }, {});
  });

  test('--help is a UsageError without a message; unknown options and positionals are UsageErrors with one', () => {
    assert.throws(() => parseBenchArgs(['--help'], own), (err: unknown) => err instanceof UsageError && err.message === '');
    assert.throws(() => parseBenchArgs(['--connections', '3'], own), (err: unknown) => err instanceof UsageError && /--connections/.test(err.message));
    assert.throws(() => parseBenchArgs(['extra'], own), (err: unknown) => err instanceof UsageError && err.message !== '');
    assert.throws(() => parseBenchArgs(['--duration'], own), (err: unknown) => err instanceof UsageError && /--duration/.test(err.message));
  });
});

test('buildAllowed: unless --no-build or BENCH_BUILD=0', () => {
  assert.equal(buildAllowed({}, {}), true);
  assert.equal(buildAllowed({ 'no-build': false }, { BENCH_BUILD: '1' }), true);
  assert.equal(buildAllowed({ 'no-build': true }, {}), false);
  assert.equal(buildAllowed({}, { BENCH_BUILD: '0' }), false);
});

test('optionOrEnv: the command line wins, then the variable; trimmed, blank is undefined', () => {
  const env = { BENCH_USERS: ' 3 ', BENCH_BLANK: '  ' };
  assert.equal(optionOrEnv('5', env, 'BENCH_USERS'), '5');
  assert.equal(optionOrEnv(undefined, env, 'BENCH_USERS'), '3');
  assert.equal(optionOrEnv(undefined, env, 'BENCH_BLANK'), undefined);
  assert.equal(optionOrEnv(' ', env, 'BENCH_USERS'), undefined);
  assert.equal(optionOrEnv(undefined, env, 'BENCH_NONE'), undefined);
});

describe('numbers and lists', () => {
  const limits = { min: 1, max: 10, default: 4 };

  test('numberIn takes seconds with an "s", checks the bounds and wholeness, and says what is allowed', () => {
    assert.equal(numberIn('--duration', '2.5s', limits, false), 2.5);
    assert.equal(numberIn('--users', ' 10 ', limits, true), 10);
    assert.throws(() => numberIn('--users', '2.5', limits, true), (err: unknown) => err instanceof UsageError && err.message === '--users must be a whole number from 1 to 10 (got "2.5").');
    assert.throws(() => numberIn('--duration', '11', limits, false), /--duration must be a number from 1 to 10 \(got "11"\)/);
    assert.throws(() => numberIn('--duration', 'soon', limits, false), UsageError);
    assert.throws(() => numberIn('--duration', ' ', limits, false), UsageError);
  });

  test('numberOption: the default when missing or blank, else numberIn', () => {
    assert.equal(numberOption('--users', undefined, limits, true), 4);
    assert.equal(numberOption('--users', ' ', limits, true), 4);
    assert.equal(numberOption('--users', '7', limits, true), 7);
    assert.throws(() => numberOption('--users', ' 0 ', limits, true), /\(got " 0 "\)/);
  });

  test('listIn: whole numbers within the bounds, each once, in the order given', () => {
    assert.deepEqual(listIn('--concurrency', '8, 1 ,8', limits), [8, 1]);
    assert.throws(() => listIn('--concurrency', '1,,2', limits), /--concurrency must be a whole number/);
    assert.throws(() => listIn('--concurrency', '1,11', limits), /\(got "11"\)/);
  });

  test("listOption: a copy of the default when missing or blank, else listIn", () => {
    const listLimits = { min: 1, max: 10, default: [1, 3] } as const;
    const list = listOption('--workers', undefined, listLimits);
    assert.deepEqual(list, [1, 3]);
    assert.notEqual(list, listLimits.default);
    assert.deepEqual(listOption('--workers', '', listLimits), [1, 3]);
    assert.deepEqual(listOption('--workers', '2,2,5', listLimits), [2, 5]);
  });
});
