/**
 * Test support for the logger's own tests: runs an ES module script in a child Node process (with tsx)
 * whose stdout pipe nobody reads until `whileStalled` resolves, then reads everything to the end.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { TestContext } from 'node:test';

export interface StalledStdoutRun {
  /** The child's exit code. */
  code: number | null;
  /** Everything the child wrote to stderr. */
  stderr: string;
  /** Its stdout, parsed line by line as JSON log lines (parsed on call: check `code` first, for a readable failure). */
  jsonLines(): { msg: string; i?: number }[];
}

/**
 * `whileStalled` gets the stderr written so far (a function: it grows while the child runs). The child is
 * killed when the test ends if it is still running (a failed assertion must not leave it behind).
 */
export async function runWithStalledStdout(t: TestContext, script: string, whileStalled: (stderr: () => string) => Promise<void>): Promise<StalledStdoutRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.stdout.pause(); // let the pipe fill up
  await whileStalled(() => stderr);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdout.resume();
  const [code] = await exited;
  if (!child.stdout.readableEnded) await once(child.stdout, 'end');
  const stdout = Buffer.concat(chunks).toString('utf8');
  return {
    code,
    stderr,
    jsonLines: () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; i?: number }),
  };
}
