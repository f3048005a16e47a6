import type { Logger, Pool } from '@tca/service-kit';
import { runHousekeeping } from '../../domain/housekeeping.js';
import { runPeriodically } from './periodic.js';

export interface Housekeeping {
  stop(): void;
}

/** Runs housekeeping now and every `intervalMs` (0: never) on an unref'd timer, logging what it deleted. */
export function startHousekeeping({ pool, logger, intervalMs }: { pool: Pool; logger: Logger; intervalMs: number }): Housekeeping {
  const log = logger.child({ component: 'housekeeping' });
  const periodic = runPeriodically({
    intervalMs,
    logger: log,
    what: 'housekeeping',
    async pass() {
      const deleted = await runHousekeeping(pool);
      if (deleted.sessions + deleted.resets + deleted.challenges > 0) log.info(deleted, 'deleted ended sessions, reset links and sign-in challenges');
    },
  });
  return {
    stop() {
      void periodic.stop();
    },
  };
}
