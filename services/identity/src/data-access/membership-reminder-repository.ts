import type { SiteLang } from '@tca/service-kit';
import type { Db } from './database.js';
import { adelaideDateSql, END_SQL } from './membership-repository.js';

/** The `membership_reminders` table: which renewal reminder (threshold) each membership was sent. */

export interface ReminderCandidate {
  id: number;
  request_id: string;
  membership_name: string;
  first_name: string;
  email: string;
  /** The member's account language (their e-mails'). */
  language: SiteLang;
  starts_on: string | null;
  ends_on: string;
  days_left: number;
}

/**
 * Annual memberships (Active or Current) that end within `withinDays` days of `asOf` (Adelaide's date),
 * whose member has not bought the level again since (a later Active, Current or Pending record).
 */
export async function membershipsEndingWithin(db: Db, asOf: Date, withinDays: number): Promise<ReminderCandidate[]> {
  const today = adelaideDateSql('$1');
  const { rows } = await db.query<ReminderCandidate>(
    `SELECT m.id, m.request_id, m.membership_name, m.first_name, m.email, (SELECT u.language FROM users u WHERE u.id = m.user_id) AS language, m.starts_on, ${END_SQL} AS ends_on, (${END_SQL} - ${today}) AS days_left
       FROM memberships m
      WHERE m.term = 'annual' AND m.status IN ('Active', 'Current')
        AND ${END_SQL} > ${today} AND ${END_SQL} - ${today} <= $2
        AND NOT EXISTS (
          SELECT 1 FROM memberships later
           WHERE later.user_id = m.user_id AND later.membership_name = m.membership_name AND later.id <> m.id
             AND later.status IN ('Active', 'Current', 'Pending') AND (later.created_at, later.id) > (m.created_at, m.id))
      ORDER BY m.id`,
    [asOf.toISOString(), withinDays],
  );
  return rows;
}

/** Records that this membership's reminder at `thresholdDays` is sent; false when it was already. */
export async function claimReminder(db: Db, membershipId: number, thresholdDays: number): Promise<boolean> {
  const claimed = await db.query('INSERT INTO membership_reminders (membership_id, threshold_days) VALUES ($1, $2) ON CONFLICT DO NOTHING', [membershipId, thresholdDays]);
  return claimed.rowCount === 1;
}
