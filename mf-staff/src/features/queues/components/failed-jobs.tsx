import { useCallback, useState } from 'react';
import { QUEUE_LABELS, type QueueJob, type QueueName } from '@tca/contracts';
import { notify, Spinner } from '@tca/ui';
import { changeFailedJob, type FailedJobAction } from '../api/change-failed-job.js';
import { listFailedJobs } from '../api/list-failed-jobs.js';
import { attemptsText, dataLines, jobTime } from '../queue-text.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { LoadFailure } from '../../../shared/load-failure.js';
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
  const label = QUEUE_LABELS[queue];

  const act = async (job: QueueJob, action: FailedJobAction) => {
    const outcome = await run((token) => changeFailedJob(token, queue, job.id, action));
    setRemoving(null);
    if (outcome.ok) notify.success(outcome.answer?.message ?? 'Done.');
    else notify.error(outcome.text);
    reload();
    onChanged();
  };

  if (load.kind === 'loading') return <Spinner label={`Loading the failed ${label.toLowerCase()} jobs...`} />;
  if (load.kind === 'failed') return <LoadFailure title="The failed jobs could not be loaded." detail={load.detail} onRetry={reload} />;
  const { jobs, nextOffset } = load.answer;
  return (
    <>
      <FailedJobList jobs={jobs} canManage={canManage} busy={busy} onRetry={(job) => void act(job, 'retry')} onRemove={setRemoving} />
      {nextOffset !== null ? (
        <p className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => setPages((n) => n + 1)}>
            Show older failed jobs
          </button>
        </p>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this failed job?"
          description={`The job "${removing.name}" (${removing.id}) in ${label} is deleted and will not run again. This cannot be undone.`}
          confirmLabel="Remove the job"
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
  if (jobs.length === 0) return <p>No failed jobs any more.</p>;
  return (
    <ul className={styles.rows}>
      {jobs.map((job) => {
        const data = dataLines(job);
        return (
          <li key={job.id} className={styles.jobRow}>
            <div>
              <p className={styles.name}>{job.name}</p>
              <span className={styles.since}>Job {job.id}</span>
              <span className={styles.since}>
                Failed {jobTime(job.finishedAt)} · {attemptsText(job)}
              </span>
            </div>
            <div>
              <span className={styles.label}>Why it failed</span>
              <p className={styles.reason}>{job.failedReason ?? 'No reason was recorded.'}</p>
              {data.shown.length > 0 ? (
                <dl className={styles.jobData}>
                  {data.shown.map(([field, value]) => (
                    <div key={field}>
                      <dt>{field}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {data.hidden ? <p className={styles.since}>{data.hidden}</p> : null}
            </div>
            {canManage ? (
              <div className={styles.rowActions}>
                <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && onRetry(job)} aria-label={`Retry ${job.name} (job ${job.id})`}>
                  Retry
                </button>
                <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} onClick={() => onRemove(job)} aria-label={`Remove ${job.name} (job ${job.id})`}>
                  Remove
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
