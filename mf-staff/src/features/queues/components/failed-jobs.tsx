import { useCallback, useId, useState } from 'react';
import type { QueueJob, QueueName } from '@tca/contracts';
import { notify, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { changeFailedJob, type FailedJobAction } from '../api/change-failed-job.js';
import { listFailedJobs } from '../api/list-failed-jobs.js';
import { attemptsText, dataLines, jobTime, queueLabel } from '../queue-text.js';
import { queuesCatalog } from '../messages.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useEnglishPart } from '../../../shared/english-part.js';
import { knownText } from '../../../shared/known-text.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import styles from '../../../shared/staff.module.css';

interface FailedJobsProps {
  queue: QueueName;
  /** Owners retry and remove; everyone else only reads. */
  canManage: boolean;
  /** After a retry or removal: the counts and lists are asked again. */
  onChanged: () => void;
}

/** A queue's failed jobs, newest first, with why they failed; Retry and Remove for owners. */
export function FailedJobs({ queue, canManage, onChanged }: FailedJobsProps) {
  const [pages, setPages] = useState(1);
  const call = useCallback(
    async (token: string, signal: AbortSignal) => {
      const first = await listFailedJobs(token, queue, 0, signal);
      // "Show older" asks the next offsets; each reload asks as many pages as were shown.
      if (first.kind !== 'ok' || !first.answer || pages === 1) return first;
      const jobs = [...first.answer.jobs];
      let nextOffset = first.answer.nextOffset;
      for (let page = 1; page < pages && nextOffset !== null; page += 1) {
        const more = await listFailedJobs(token, queue, nextOffset, signal);
        if (more.kind !== 'ok' || !more.answer) return more;
        jobs.push(...more.answer.jobs);
        nextOffset = more.answer.nextOffset;
      }
      return { ...first, answer: { ...first.answer, jobs, nextOffset } };
    },
    [queue, pages],
  );
  const { load, reload } = useStaffLoad(call, 'a job list');
  const { busy, run } = useStaffAction();
  const [removing, setRemoving] = useState<QueueJob | null>(null);
  const t = useT(queuesCatalog);
  useT(sharedCatalog);
  const label = queueLabel(queue);

  const act = async (job: QueueJob, action: FailedJobAction) => {
    const outcome = await run((token) => changeFailedJob(token, queue, job.id, action));
    setRemoving(null);
    if (outcome.ok) notify.success(knownText(outcome.answer?.message ?? 'Done.', sharedCatalog));
    else notify.error(outcome.text);
    reload();
    onChanged();
  };

  if (load.kind === 'loading') return <Spinner label={t('jobs.loading', { queue: label.toLowerCase() })} />;
  if (load.kind === 'failed') return <LoadFailure title={t('jobs.failed')} detail={load.detail} onRetry={reload} />;
  const { jobs, nextOffset } = load.answer;
  return (
    <>
      <FailedJobList jobs={jobs} canManage={canManage} busy={busy} onRetry={(job) => void act(job, 'retry')} onRemove={setRemoving} />
      {nextOffset !== null ? (
        <p className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => setPages((n) => n + 1)}>
            {t('jobs.older')}
          </button>
        </p>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('remove.title')}
          description={t('remove.text', { name: removing.name, id: removing.id, queue: label })}
          confirmLabel={t('remove.confirm')}
          busy={busy}
          onConfirm={() => void act(removing, 'remove')}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

interface FailedJobListProps {
  jobs: readonly QueueJob[];
  canManage: boolean;
  busy: boolean;
  onRetry: (job: QueueJob) => void;
  onRemove: (job: QueueJob) => void;
}

/** The failed jobs: what, when, how often tried, why, the data that may be shown; Retry and Remove only with canManage. */
export function FailedJobList({ jobs, canManage, busy, onRetry, onRemove }: FailedJobListProps) {
  const t = useT(queuesCatalog);
  // Job names, ids, data and reasons are the services' own (English): marked so on a Tamil page, where
  // the buttons are named by the job's name and id and their Tamil words (no English in a Tamil label).
  const english = useEnglishPart();
  const id = useId();
  const code = (text: string) => (english ? <span lang={english}>{text}</span> : text);
  if (jobs.length === 0) return <p>{t('jobs.none')}</p>;
  return (
    <ul className={styles.rows}>
      {jobs.map((job, index) => {
        const data = dataLines(job);
        const jobId = `${id}-${index}`;
        const named = (key: 'jobs.retryOf' | 'jobs.removeOf', own: string) =>
          english ? { id: `${jobId}-${own}`, 'aria-labelledby': `${jobId}-name ${jobId}-id ${jobId}-${own}` } : { 'aria-label': t(key, { name: job.name, id: job.id }) };
        return (
          <li key={job.id} className={styles.jobRow}>
            <div>
              <p className={styles.name} id={english && `${jobId}-name`} lang={english}>
                {job.name}
              </p>
              <span className={styles.since} id={english && `${jobId}-id`}>
                {richText(t('jobs.id', { id: job.id }), { 0: code })}
              </span>
              <span className={styles.since}>{t('jobs.when', { when: jobTime(job.finishedAt), attempts: attemptsText(job) })}</span>
            </div>
            <div>
              <span className={styles.label}>{t('jobs.why')}</span>
              <p className={styles.reason} lang={job.failedReason ? english : undefined}>
                {job.failedReason ?? t('jobs.noReason')}
              </p>
              {data.shown.length > 0 ? (
                <dl className={styles.jobData} lang={english}>
                  {data.shown.map(([field, value]) => (
                    <div key={field}>
                      <dt>{field}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {data.hidden ? <p className={styles.since}>{richText(t('jobs.hidden', { fields: data.hidden }), { 0: code })}</p> : null}
            </div>
            {canManage ? (
              <div className={styles.rowActions}>
                <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && onRetry(job)} {...named('jobs.retryOf', 'retry')}>
                  {t('jobs.retry')}
                </button>
                <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} onClick={() => onRemove(job)} {...named('jobs.removeOf', 'remove')}>
                  {t('jobs.remove')}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
