import { QUEUES } from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import { claimReminder, membershipsEndingWithin } from '../data-access/membership-reminder-repository.js';
import { sitePage } from './account-emails.js';
import { renewalReminderEmail } from './membership-emails.js';

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
  const rows = await membershipsEndingWithin(pool, asOf, Math.max(...REMINDER_THRESHOLDS));
  const link = sitePage(settings.publicUrl, '/membership');
  const sent: SentReminder[] = [];
  for (const row of rows) {
    const threshold = dueThreshold(row.days_left);
    if (threshold === undefined) continue;
    const reminder = await withTransaction(pool, async (client) => {
      if (!(await claimReminder(client, row.id, threshold))) return undefined;
      const email = renewalReminderEmail(
        { email: row.email, firstName: row.first_name, language: row.language },
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
