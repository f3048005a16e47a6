import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * What every bench's option parser shares: the command line read strictly (no positionals) with the
 * options every bench takes (--no-build, --help), numbers and number lists checked against their
 * limits, and the UsageError the entry turns into the usage text. Pure, so all of it is unit-tested.
 */

/** A wrong or unknown option; an empty message means --help. The entry prints the usage (bench-main.ts). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options of every bench besides its own. */
const COMMON_OPTIONS = {
  'no-build': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** The values parseArgs gives for a bench's own options plus COMMON_OPTIONS. */
export type BenchArgs<O extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: O & typeof COMMON_OPTIONS }>
>['values'];

/**
 * The command line's values for `options` plus --no-build and --help; anything parseArgs refuses is a
 * UsageError with its message, --help a UsageError without one.
 */
export function parseBenchArgs<const O extends OptionsConfig>(argv: readonly string[], options: O): BenchArgs<O> {
  let values: BenchArgs<O>;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: { ...options, ...COMMON_OPTIONS } }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  // Inside this generic function TypeScript cannot see that `help` is among the values; it is (COMMON_OPTIONS).
  if ((values as { help?: boolean }).help) throw new UsageError('');
  return values;
}

/** Let startStack build what is missing or stale: unless --no-build or BENCH_BUILD=0. */
export function buildAllowed(values: { 'no-build'?: boolean | undefined }, env: Readonly<Record<string, string | undefined>>): boolean {
  return !(values['no-build'] ?? false) && env.BENCH_BUILD !== '0';
}

/** The command line's value, else the environment variable `name`; trimmed, undefined when blank. */
export function optionOrEnv(cli: string | undefined, env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  return (cli ?? env[name])?.trim() || undefined;
}

/** `raw` (seconds may end in "s") as a number within `limits`, whole when `integer`; else a UsageError naming `name`. */
export function numberIn(name: string, raw: string, limits: { min: number; max: number }, integer: boolean): number {
  const value = Number(raw.trim().replace(/s$/, ''));
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < limits.min || value > limits.max) {
    throw new UsageError(`${name} must be ${integer ? 'a whole number' : 'a number'} from ${limits.min} to ${limits.max} (got "${raw}").`);
  }
  return value;
}

/** numberIn, or the limits' default when `raw` is missing or blank. */
export function numberOption(name: string, raw: string | undefined, limits: { min: number; max: number; default: number }, integer: boolean): number {
  return raw === undefined || raw.trim() === '' ? limits.default : numberIn(name, raw, limits, integer);
}

/** Comma-separated whole numbers within `limits`, each once, in the order given. */
export function listIn(name: string, raw: string, limits: { min: number; max: number }): number[] {
  return [...new Set(raw.split(',').map((part) => numberIn(name, part, limits, true)))];
}

/** listIn, or (a copy of) the limits' default when `raw` is missing or blank. */
export function listOption(name: string, raw: string | undefined, limits: { min: number; max: number; default: readonly number[] }): number[] {
  return raw === undefined || raw.trim() === '' ? [...limits.default] : listIn(name, raw, limits);
}
