import type { Logger } from '@tca/service-kit';

export interface ReconciliationSweep {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` one reconciliation pass, unless the previous one is still running; undefined when
 * `intervalMs` is 0 (no sweep). The timer does not keep the process alive.
 */
export function startReconciliationSweep(options: { intervalMs: number; reconcile: () => Promise<unknown>; logger: Logger }): ReconciliationSweep | undefined {
  if (options.intervalMs <= 0) return undefined;
  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= options
      .reconcile()
      .catch((err: unknown) => options.logger.error({ err }, 'reconciliation failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  const timer = setInterval(sweep, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
