import { useCallback, useState } from 'react';
import { paths, type QueueJobCounts } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { listQueues } from '../api/list-queues.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { queuesCatalog } from '../messages.js';
import { queueLabel, stateLabel } from '../queue-text.js';
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
  const t = useT(queuesCatalog);
  const shared = useT(sharedCatalog);
  const changed = useCallback(() => {
    reload();
    setRound((n) => n + 1);
  }, [reload]);

  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={changed}>
          {t('page.refresh')}
        </button>
        <Link to={paths.staffHome} className={styles.secondary}>
          {shared('list.back')}
        </Link>
      </p>
      {load.kind === 'loading' ? <Spinner label={t('page.loading')} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={t('page.failed')} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? (
        <>
          {load.answer.canManage ? null : (
            <p className={styles.section} role="note">
              {t('page.readOnly')}
            </p>
          )}
          <section className={styles.section} aria-labelledby="queue-counts-title">
            <h2 id="queue-counts-title" className={styles.sectionTitle}>
              {t('counts.title')}
            </h2>
            <table className={table.table}>
              <caption className="tca-visually-hidden">{t('counts.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('counts.queue')}</th>
                  {COUNT_COLUMNS.map((state) => (
                    <th key={state} scope="col">
                      {stateLabel(state)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.answer.queues.map((queue) => (
                  <tr key={queue.name}>
                    <th scope="row">{queueLabel(queue.name)}</th>
                    {COUNT_COLUMNS.map((state) => (
                      <td key={state} data-label={stateLabel(state)} className={`${table.number} ${state === 'failed' && queue.counts.failed > 0 ? styles.warn : ''}`}>
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
                  {t('failed.title', { queue: queueLabel(queue.name), n: queue.counts.failed })}
                </h2>
                <FailedJobs key={round} queue={queue.name} canManage={load.answer.canManage} onChanged={changed} />
              </section>
            ))}
          {load.answer.queues.every((queue) => queue.counts.failed === 0) ? <p className={styles.section}>{t('failed.none')}</p> : null}
        </>
      ) : null}
    </Page>
  );
}
