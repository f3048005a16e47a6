import type { Logger, Pool } from '@tca/service-kit';

/**
 * How long an ended session or a used or expired reset link is kept before housekeeping deletes it: a
 * day, so that someone who opens an old link or an old tab the same day hears "already used" / "your
 * session has expired" rather than "not valid".
 */
export const ENDED_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes sessions and reset links that ended more than `retentionMs` ago. Idempotent; replicas may run it at once. */
export async function runHousekeeping(pool: Pool, retentionMs = ENDED_RETENTION_MS): Promise<{ sessions: number; resets: number }> {
  const sessions = await pool.query(
    `DELETE FROM sessions WHERE expires_at < now() - $1 * interval '1 millisecond' OR revoked_at < now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  const resets = await pool.query(
    `DELETE FROM password_resets WHERE expires_at < now() - $1 * interval '1 millisecond' OR used_at < now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  return { sessions: sessions.rowCount ?? 0, resets: resets.rowCount ?? 0 };
}

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
      if (deleted.sessions + deleted.resets > 0) log.info(deleted, 'deleted ended sessions and reset links');
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
