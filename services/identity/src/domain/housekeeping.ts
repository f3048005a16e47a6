import type { Db } from '../data-access/database.js';
import { deleteEndedResetLinks } from '../data-access/password-reset-repository.js';
import { deleteEndedSessions } from '../data-access/session-repository.js';
import { deleteEndedChallenges } from '../data-access/two-factor-repository.js';

/**
 * How long an ended session or a used or expired reset link is kept before housekeeping deletes it: a
 * day, so that someone who opens an old link or an old tab the same day hears "already used" / "your
 * session has expired" rather than "not valid".
 */
export const ENDED_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes sessions, reset links and staff sign-in challenges that ended more than `retentionMs` ago.
 * Idempotent; replicas may run it at once.
 */
export async function runHousekeeping(db: Db, retentionMs = ENDED_RETENTION_MS): Promise<{ sessions: number; resets: number; challenges: number }> {
  const sessions = await deleteEndedSessions(db, retentionMs);
  const resets = await deleteEndedResetLinks(db, retentionMs);
  const challenges = await deleteEndedChallenges(db, retentionMs);
  return { sessions, resets, challenges };
}
