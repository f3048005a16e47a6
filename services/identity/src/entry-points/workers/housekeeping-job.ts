import type { Logger, Pool } from '@tca/service-kit';
import { runHousekeeping } from '../../domain/housekeeping.js';

export interface Housekeeping {
  stop(): void;
}

/** Runs housekeeping now and every `intervalMs` (0: never) on an unref'd timer, logging what it deleted. */
export function startHousekeeping({ pool, logger, intervalMs }: { pool: Pool; logger: Logger; intervalMs: number }): Housekeeping {
  if (intervalMs === 0) return { stop() {} };
  const log = logger.child({ component: 'housekeeping' });
  let stopped = false;
  let running = false;
  const pass = async () => {
    if (stopped || running) return;
    running = true;
    try {
      const deleted = await runHousekeeping(pool);
      if (deleted.sessions + deleted.resets + deleted.challenges > 0) log.info(deleted, 'deleted ended sessions, reset links and sign-in challenges');
    } catch (err) {
      if (!stopped) log.warn({ err }, 'housekeeping failed; trying again at the next interval');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  void pass();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
