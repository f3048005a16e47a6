import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { actionLabel, AUDIT_SOURCE_LABELS, hasOlder, shownEntries, type FeedEntry } from '../audit-feed.js';
import { entryTime } from '../audit-time.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useAuditFeed } from '../use-audit-feed.js';
import { AuditFiltersForm } from './audit-filters.js';
import styles from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';

/** /staff/audit (owners): identity's and content's audit logs as one list, newest first, with filters and Show older. */
export function AuditPanel() {
  const { state, apply, showOlder, retry } = useAuditFeed();
  const entries = shownEntries(state.feed);
  const more = hasOlder(state.feed);
  const filtered = Object.values(state.filters).some((value) => value !== '');
  return (
    <Page title="Audit log" lead="Every staff action, from sign-ins and role changes to content edits: who, when, what, and what changed.">
      <p className={styles.actions}>
        <Link to={paths.staffHome} className={styles.secondary}>
          Back to the staff area
        </Link>
      </p>
      <AuditFiltersForm applied={state.filters} busy={state.loading} onApply={apply} />
      {state.failure ? <LoadFailure title="Some entries could not be loaded." detail={state.failure} onRetry={retry} /> : null}
      <section className={styles.section} aria-labelledby="audit-entries-title" aria-busy={state.loading}>
        <h2 id="audit-entries-title" className={styles.sectionTitle}>
          {entries.length === 1 ? '1 entry' : `${entries.length} entries`}
          {more ? ' so far' : ''}
          {filtered ? ' matching the filters' : ''}
        </h2>
        {entries.length > 0 ? <AuditTable entries={entries} /> : null}
        {!state.loading && entries.length === 0 && !more ? <p>{filtered ? 'No entry matches these filters.' : 'The log is empty.'}</p> : null}
        {state.loading ? <Spinner label="Loading entries..." /> : null}
        {more && !state.loading && !state.failure ? (
          <p className={styles.actions}>
            <button type="button" className="tca-button" onClick={showOlder}>
              Show older
            </button>
          </p>
        ) : null}
      </section>
    </Page>
  );
}

/** The entries: a table on a wide screen, a list of cards on a phone. */
export function AuditTable({ entries }: { entries: readonly FeedEntry[] }) {
  return (
    <table className={table.table}>
      <caption className="tca-visually-hidden">Audit entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When (Adelaide)</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.source}-${entry.id}`}>
            <td data-label="When (Adelaide)" className={table.nowrap}>
              <time dateTime={entry.at}>{entryTime(entry.at)}</time>
            </td>
            <td data-label="Who">{entry.actorEmail}</td>
            <td data-label="What">
              <div>
                <strong>{actionLabel(entry.action)}</strong>
                <span className={styles.since}>
                  {AUDIT_SOURCE_LABELS[entry.source]}
                  {entry.target ? ` · ${entry.target}` : ''}
                </span>
              </div>
            </td>
            <td data-label="Change">{entry.summary}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
