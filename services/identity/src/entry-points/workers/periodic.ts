import type { Logger } from '@tca/service-kit';

export interface Periodic {
  /** Stops the timer; resolves once a pass in progress has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and every `intervalMs` (0: never) on an unref'd timer, one pass at a time (a tick during
 * one is skipped). A failed pass is logged as `<what> failed` (unless stopped meanwhile); the next interval tries again.
 */
export function runPeriodically({ intervalMs, logger, what, pass }: { intervalMs: number; logger: Logger; what: string; pass: () => Promise<void> }): Periodic {
  if (intervalMs === 0) return { stop: () => Promise.resolve() };
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (stopped || running) return;
    running = pass()
      .catch((err: unknown) => {
        if (!stopped) logger.warn({ err }, `${what} failed; trying again at the next interval`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
