import { UsageError } from './bench-options.js';
import { LoadAborted } from './http-load.js';

/** What a bench's measuring registers to stop and remove what it started; runBench runs them in reverse order. */
export type Cleanups = Array<() => Promise<void>>;

/** Progress goes to stderr, so stdout carries only the figures. */
export function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Prints the rows' problems, if any; the exit code: 1 when some figures are not to be trusted. */
export function reportProblems(problems: readonly string[]): number {
  if (problems.length === 0) return 0;
  console.log(`\n! figures to distrust:\n  ${problems.join('\n  ')}`);
  return 1;
}

/**
 * What every benchmark's entry does around its own measuring: parses the options (a UsageError prints
 * the usage: exit 2, or 0 for --help), aborts on SIGINT/SIGTERM (exit 130), runs every cleanup the
 * measuring registered in reverse order whatever happens, and sets the process's exit code.
 */
export async function runBench<O>(
  parse: () => O,
  usage: string,
  measure: (options: O, controller: AbortController, cleanups: Cleanups) => Promise<number>,
): Promise<void> {
  process.exitCode = await (async () => {
    let options: O;
    try {
      options = parse();
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      if (err.message) console.error(err.message);
      console.error(usage);
      return err.message ? 2 : 0;
    }
    const controller = new AbortController();
    const onSignal = () => {
      log('interrupted: stopping...');
      controller.abort();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const cleanups: Cleanups = [];
    try {
      return await measure(options, controller, cleanups);
    } catch (err) {
      if (err instanceof LoadAborted || controller.signal.aborted) return 130;
      throw err;
    } finally {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (err) {
          log(`warning: while stopping: ${(err as Error).message}`);
        }
      }
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  })().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  });
}
