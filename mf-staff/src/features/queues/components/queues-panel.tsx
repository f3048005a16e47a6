import { useCallback, useState } from 'react';
import { paths, QUEUE_JOB_STATE_LABELS, QUEUE_LABELS, type QueueJobCounts } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { listQueues } from '../api/list-queues.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { FailedJobs } from './failed-jobs.js';
import styles from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';

const COUNT_COLUMNS: ReadonlyArray<keyof QueueJobCounts> = ['waiting', 'active', 'delayed', 'failed', 'completed'];

/** /staff/queues (any staff role): each queue's job counts and failed jobs; owners retry or remove them. */
export function QueuesPanel() {
  const call = useCallback((token: string, signal: AbortSignal) => listQueues(token, signal), []);
  const { load, reload } = useStaffLoad(call, 'a queue list');
  const [round, setRound] = useState(0);
  const changed = useCallback(() => {
    reload();
    setRound((n) => n + 1);
  }, [reload]);

  return (
    <Page title="Queues" lead="The site's background jobs: e-mails, support tickets, payments and membership reminders, and the ones that failed.">
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={changed}>
          Refresh
        </button>
        <Link to={paths.staffHome} className={styles.secondary}>
          Back to the staff area
        </Link>
      </p>
      {load.kind === 'loading' ? <Spinner label="Loading the queues..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The queues could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? (
        <>
          {load.answer.canManage ? null : (
            <p className={styles.section} role="note">
              You can look at the queues. Only an owner can retry or remove a failed job.
            </p>
          )}
          <section className={styles.section} aria-labelledby="queue-counts-title">
            <h2 id="queue-counts-title" className={styles.sectionTitle}>
              Jobs per queue
            </h2>
            <table className={table.table}>
              <caption className="tca-visually-hidden">Jobs per queue and state</caption>
              <thead>
                <tr>
                  <th scope="col">Queue</th>
                  {COUNT_COLUMNS.map((state) => (
                    <th key={state} scope="col">
                      {QUEUE_JOB_STATE_LABELS[state]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.answer.queues.map((queue) => (
                  <tr key={queue.name}>
                    <th scope="row">{QUEUE_LABELS[queue.name]}</th>
                    {COUNT_COLUMNS.map((state) => (
                      <td key={state} data-label={QUEUE_JOB_STATE_LABELS[state]} className={`${table.number} ${state === 'failed' && queue.counts.failed > 0 ? styles.warn : ''}`}>
                        {queue.counts[state]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {load.answer.queues
            .filter((queue) => queue.counts.failed > 0)
            .map((queue) => (
              <section key={queue.name} className={styles.section} aria-labelledby={`failed-${queue.name}`}>
                <h2 id={`failed-${queue.name}`} className={styles.sectionTitle}>
                  Failed: {QUEUE_LABELS[queue.name]} ({queue.counts.failed})
                </h2>
                <FailedJobs key={round} queue={queue.name} canManage={load.answer.canManage} onChanged={changed} />
              </section>
            ))}
          {load.answer.queues.every((queue) => queue.counts.failed === 0) ? <p className={styles.section}>No job has failed.</p> : null}
        </>
      ) : null}
    </Page>
  );
}
