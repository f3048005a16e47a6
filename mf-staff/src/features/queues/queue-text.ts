import type { QueueJob } from '@tca/contracts';

const WHEN = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Australia/Adelaide' });

/** A job time in Adelaide, or "—" when the job has not got there. */
export function jobTime(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date);
}

/** "Tried 3 of 5 times". */
export function attemptsText(job: Pick<QueueJob, 'attemptsMade' | 'attempts'>): string {
  return `Tried ${job.attemptsMade} of ${job.attempts} ${job.attempts === 1 ? 'time' : 'times'}`;
}

/** The job data as label/value pairs (the shown fields), and what is hidden. */
export function dataLines(job: Pick<QueueJob, 'data' | 'hiddenFields'>): { shown: Array<[string, string]>; hidden: string | null } {
  const shown = Object.entries(job.data).map(([field, value]): [string, string] => [field, value === null ? '(none)' : String(value)]);
  return { shown, hidden: job.hiddenFields.length > 0 ? `Not shown (may hold a secret): ${job.hiddenFields.join(', ')}` : null };
}
