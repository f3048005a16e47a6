import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { actionLabel, hasOlder, shownEntries, sourceLabel, type FeedEntry } from '../audit-feed.js';
import { entryTime } from '../audit-time.js';
import { useEnglishPart } from '../../../shared/english-part.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { auditCatalog } from '../messages.js';
import { useAuditFeed } from '../use-audit-feed.js';
import { AuditFiltersForm } from './audit-filters.js';
import styles from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';

/** /staff/audit (owners): identity's and content's audit logs as one list, newest first, with filters and Show older. */
export function AuditPanel() {
  const { state, apply, showOlder, retry } = useAuditFeed();
  const t = useT(auditCatalog);
  const shared = useT(sharedCatalog);
  const entries = shownEntries(state.feed);
  const more = hasOlder(state.feed);
  const filtered = Object.values(state.filters).some((value) => value !== '');
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <p className={styles.actions}>
        <Link to={paths.staffHome} className={styles.secondary}>
          {shared('list.back')}
        </Link>
      </p>
      <AuditFiltersForm applied={state.filters} busy={state.loading} onApply={apply} />
      {state.failure ? <LoadFailure title={t('failed')} detail={state.failure} onRetry={retry} /> : null}
      <section className={styles.section} aria-labelledby="audit-entries-title" aria-busy={state.loading}>
        <h2 id="audit-entries-title" className={styles.sectionTitle}>
          {t('entries.title', { n: entries.length, more: more ? 'yes' : 'no', filtered: filtered ? 'yes' : 'no' })}
        </h2>
        {entries.length > 0 ? <AuditTable entries={entries} /> : null}
        {!state.loading && entries.length === 0 && !more ? <p>{filtered ? t('entries.noMatch') : t('entries.empty')}</p> : null}
        {state.loading ? <Spinner label={t('entries.loading')} /> : null}
        {more && !state.loading && !state.failure ? (
          <p className={styles.actions}>
            <button type="button" className="tca-button" onClick={showOlder}>
              {t('entries.older')}
            </button>
          </p>
        ) : null}
      </section>
    </Page>
  );
}

/** The entries: a table on a wide screen, a list of cards on a phone. */
export function AuditTable({ entries }: { entries: readonly FeedEntry[] }) {
  const t = useT(auditCatalog);
  // The services write the targets and summaries in English: marked so on a Tamil page.
  const english = useEnglishPart();
  const [when, who, what, change] = [t('table.when'), t('table.who'), t('table.what'), t('table.change')];
  return (
    <table className={table.table}>
      <caption className="tca-visually-hidden">{t('table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{when}</th>
          <th scope="col">{who}</th>
          <th scope="col">{what}</th>
          <th scope="col">{change}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.source}-${entry.id}`}>
            <td data-label={when} className={table.nowrap}>
              <time dateTime={entry.at}>{entryTime(entry.at)}</time>
            </td>
            {/* Who, as recorded: an e-mail address or a system actor (cli:root), not a word of the interface. */}
            <td data-label={who} lang={english}>
              {entry.actorEmail}
            </td>
            <td data-label={what}>
              <div>
                <strong>{actionLabel(entry.action)}</strong>
                <span className={styles.since}>
                  {sourceLabel(entry.source)}
                  {entry.target ? <> · {english ? <span lang={english}>{entry.target}</span> : entry.target}</> : null}
                </span>
              </div>
            </td>
            <td data-label={change} lang={english}>
              {entry.summary}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
