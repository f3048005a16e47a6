import type { QueueJob, QueueJobState, QueueName } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { momentText } from '../../shared/paging.js';
import { queuesCatalog } from './messages.js';

/*
 * The queue page's texts that are made from values, in the language shown (a component showing them
 * calls useT(queuesCatalog) first, so the Tamil is loaded).
 */

/** A queue's name: "E-mails", "Support tickets", ... (the English is @tca/contracts' QUEUE_LABELS). */
export const queueLabel = (queue: QueueName): string => translator(queuesCatalog)(`queue.${queue}`);

/** A job state's name: "Failed", "Waiting", ... (QUEUE_JOB_STATE_LABELS). */
export const stateLabel = (state: QueueJobState): string => translator(queuesCatalog)(`state.${state}`);

/** A job time in Adelaide, or "—" when the job has not got there. */
export function jobTime(iso: string | null): string {
  return iso === null ? '—' : momentText(iso, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "Tried 3 of 5 times". */
export function attemptsText(job: Pick<QueueJob, 'attemptsMade' | 'attempts'>): string {
  return translator(queuesCatalog)('jobs.attempts', { made: job.attemptsMade, n: job.attempts });
}

/** The job data as label/value pairs (the shown fields), and the hidden fields' names ("text, html"; the page says why). */
export function dataLines(job: Pick<QueueJob, 'data' | 'hiddenFields'>): { shown: Array<[string, string]>; hidden: string | null } {
  const none = translator(queuesCatalog)('jobs.nothing');
  const shown = Object.entries(job.data).map(([field, value]): [string, string] => [field, value === null ? none : String(value)]);
  return { shown, hidden: job.hiddenFields.length > 0 ? job.hiddenFields.join(', ') : null };
}
