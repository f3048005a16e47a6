import { fileURLToPath } from 'node:url';
import { forkTs, nextMessage } from './child.js';
import type { LoadFigures } from './content-report.js';
import { LoadAborted, runLoad, type LoadRun } from './http-load.js';

/**
 * The load generator in a process of its own: the bench process also reads every log line the
 * site's processes print (startStack keeps them for its error messages), which would otherwise
 * share the event loop that times the responses.
 */

type Job = Omit<LoadRun, 'signal'>;
type ToRunner = { type: 'run'; id: number; job: Job } | { type: 'stop'; id: number };
type FromRunner = { type: 'done'; id: number; figures: LoadFigures } | { type: 'aborted'; id: number } | { type: 'failed'; id: number; message: string };

export interface LoadRunner {
  /** One run at a time. Aborting `signal` stops it; it then rejects with LoadAborted. */
  run(load: LoadRun): Promise<LoadFigures>;
  close(): Promise<void>;
}

/**
 * One measured run as every bench makes it: `warmupS` seconds of the same load first, not counted (none
 * when 0), then `durationS` seconds; the measured run's figures.
 */
export async function runAfterWarmup(runner: Pick<LoadRunner, 'run'>, load: Omit<LoadRun, 'durationS'>, timing: { warmupS: number; durationS: number }): Promise<LoadFigures> {
  if (timing.warmupS > 0) await runner.run({ ...load, durationS: timing.warmupS });
  return runner.run({ ...load, durationS: timing.durationS });
}

const ENTRY = fileURLToPath(new URL('./load-runner-main.ts', import.meta.url));

export function startLoadRunner(): LoadRunner {
  const child = forkTs(ENTRY);
  let nextId = 1;
  return {
    async run({ signal, ...job }) {
      if (signal?.aborted) throw new LoadAborted('aborted');
      if (!child.proc.connected) throw new Error('the load generator has ended');
      const id = nextId++;
      const answer = nextMessage(child, 'the load generator', (m) => ((m as FromRunner).id === id ? (m as FromRunner) : undefined), (job.durationS + 30) * 1000);
      const onAbort = () => {
        const stop: ToRunner = { type: 'stop', id };
        if (child.proc.connected) child.proc.send(stop);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const run: ToRunner = { type: 'run', id, job };
        child.proc.send(run);
        const reply = await answer;
        if (reply.type === 'done') return reply.figures;
        if (reply.type === 'aborted') throw new LoadAborted('aborted');
        throw new Error(`the load generator failed: ${reply.message}`);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    close: () => child.close(),
  };
}

/** The child's side: runs one job at a time; ends when the parent disconnects. */
export function runLoadRunnerChild(): void {
  const running = new Map<number, AbortController>();
  const reply = (message: FromRunner) => process.send?.(message);
  process.on('disconnect', () => {
    for (const controller of running.values()) controller.abort();
    process.exit(0);
  });
  process.on('message', (message: ToRunner) => {
    if (message.type === 'stop') {
      running.get(message.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    runLoad({ ...message.job, signal: controller.signal }).then(
      (figures) => reply({ type: 'done', id: message.id, figures }),
      (err: Error) => reply(err instanceof LoadAborted ? { type: 'aborted', id: message.id } : { type: 'failed', id: message.id, message: err.message }),
    ).finally(() => running.delete(message.id));
  });
}
