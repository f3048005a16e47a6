import { QUEUES } from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import { sitePage } from '../accounts/emails.js';
import { renewalReminderEmail } from './emails.js';
import { adelaideDateSql, END_SQL } from './records.js';

/** Days before an annual membership ends that its member is reminded to renew: each once. */
export const REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

export interface ReminderSettings {
  brand: EmailBrand;
  publicUrl: string;
}

export interface SentReminder {
  requestId: string;
  thresholdDays: ReminderThreshold;
  email: string;
  emailKey: string;
}

interface Candidate {
  id: number;
  request_id: string;
  membership_name: string;
  first_name: string;
  email: string;
  starts_on: string | null;
  ends_on: string;
  days_left: number;
}

/** The threshold a membership with `daysLeft` days to go is due for: the smallest one it has reached. */
export function dueThreshold(daysLeft: number): ReminderThreshold | undefined {
  const reached = REMINDER_THRESHOLDS.filter((t) => daysLeft <= t);
  return reached.length === 0 ? undefined : Math.min(...reached) as ReminderThreshold;
}

/**
 * E-mails a renewal reminder to each member whose annual membership (Active or Current) ends within 30 days,
 * and again within 7, with a link to `${PUBLIC_URL}/membership`. Each reminder is sent exactly once: its row
 * in membership_reminders (unique per membership and threshold) and its outbox e-mail are written in one
 * transaction, so runs that overlap (two workers, a retried job) cannot both send it. A member who has
 * bought the level again since (a later Active, Current or Pending record) is not reminded. A threshold
 * passed while nothing ran is not sent late (only the one now due is).
 */
export async function sendRenewalReminders(pool: Pool, settings: ReminderSettings, asOf: Date = new Date()): Promise<SentReminder[]> {
  const today = adelaideDateSql('$1');
  const { rows } = await pool.query<Candidate>(
    `SELECT m.id, m.request_id, m.membership_name, m.first_name, m.email, m.starts_on, ${END_SQL} AS ends_on, (${END_SQL} - ${today}) AS days_left
       FROM memberships m
      WHERE m.term = 'annual' AND m.status IN ('Active', 'Current')
        AND ${END_SQL} > ${today} AND ${END_SQL} - ${today} <= $2
        AND NOT EXISTS (
          SELECT 1 FROM memberships later
           WHERE later.user_id = m.user_id AND later.membership_name = m.membership_name AND later.id <> m.id
             AND later.status IN ('Active', 'Current', 'Pending') AND (later.created_at, later.id) > (m.created_at, m.id))
      ORDER BY m.id`,
    [asOf.toISOString(), Math.max(...REMINDER_THRESHOLDS)],
  );
  const link = sitePage(settings.publicUrl, '/membership');
  const sent: SentReminder[] = [];
  for (const row of rows) {
    const threshold = dueThreshold(row.days_left);
    if (threshold === undefined) continue;
    const reminder = await withTransaction(pool, async (client) => {
      const claimed = await client.query('INSERT INTO membership_reminders (membership_id, threshold_days) VALUES ($1, $2) ON CONFLICT DO NOTHING', [row.id, threshold]);
      if (claimed.rowCount !== 1) return undefined;
      const email = renewalReminderEmail(
        { email: row.email, firstName: row.first_name },
        { requestId: row.request_id, membershipName: row.membership_name, term: 'annual', startsOn: row.starts_on, endsOn: row.ends_on },
        threshold,
        link,
        settings.brand,
      );
      await addToOutbox(client, { queue: QUEUES.email, name: 'membership-renewal-reminder', jobId: email.key, payload: email });
      return { requestId: row.request_id, thresholdDays: threshold, email: row.email, emailKey: email.key };
    });
    if (reminder) sent.push(reminder);
  }
  return sent;
}
