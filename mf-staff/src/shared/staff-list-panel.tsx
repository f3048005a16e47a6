import type { ReactNode } from 'react';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import type { ApiResult } from '@tca/ui/api';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { sharedCatalog } from './messages.js';
import { StaffLoadView } from './staff-record-loader.js';
import { useStaffLoad } from './use-staff-load.js';
import styles from './staff.module.css';

/** How a list page names its things: "event" / "events", for the headings, buttons and messages. */
export interface StaffListNouns {
  /** One of them, lower case: "event". */
  one: string;
  /** More of them, lower case: "events". */
  many: string;
}

interface StaffListPanelProps<A> {
  title: string;
  lead: string;
  nouns: StaffListNouns;
  /** Where "New …" leads. */
  newPath: string;
  /** The list's GET; must be stable (a module function or useCallback). */
  load: (token: string, signal: AbortSignal) => Promise<ApiResult<A>>;
  /** What the answer is, for the "does not understand" message: "an event list". */
  answerName: string;
  /** The rows of a loaded answer. */
  children: (answer: A) => ReactNode;
}

/** A staff list page (/staff/events, /staff/posts, …): title and lead, New … and Back, then the loaded rows. */
export function StaffListPanel<A>({ title, lead, nouns, newPath, load: call, answerName, children }: StaffListPanelProps<A>) {
  const { load, reload } = useStaffLoad(call, answerName);
  const t = useT(sharedCatalog);
  return (
    <Page title={title} lead={lead}>
      <p className={styles.actions}>
        <Link to={newPath} className="tca-button">
          New {nouns.one}
        </Link>
        <Link to={paths.staffHome} className={styles.secondary}>
          {t('list.back')}
        </Link>
      </p>
      <StaffLoadView load={load} loadingLabel={`Loading the ${nouns.many}...`} failedTitle={`The ${nouns.many} could not be loaded.`} onRetry={reload}>
        {children}
      </StaffLoadView>
    </Page>
  );
}

interface StaffRowsProps<T> {
  items: readonly T[];
  nouns: StaffListNouns;
  /** The sentence shown when there are none: "Add the first with New event." */
  firstHint: string;
  /** One row's cells (the `<li>` is made here). */
  children: (item: T) => ReactNode;
  /** The row's key. */
  keyOf: (item: T) => string;
  /** A class added to each row's `.row`. */
  rowClassName?: string;
}

/** The rows of a list page: "N things" as the section's heading, a list at every width (one column on a phone). */
export function StaffRows<T>({ items, nouns, firstHint, children, keyOf, rowClassName }: StaffRowsProps<T>) {
  if (items.length === 0) return <p className={styles.section}>{`There are no ${nouns.many} yet. ${firstHint}`}</p>;
  const titleId = `${nouns.many}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {items.length === 1 ? `1 ${nouns.one}` : `${items.length} ${nouns.many}`}
      </h2>
      <ul className={styles.rows}>
        {items.map((item) => (
          <li key={keyOf(item)} className={rowClassName ? `${styles.row} ${rowClassName}` : styles.row}>
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A row's last cell: Edit, named by the thing for screen readers. */
export function EditCell({ to, name }: { to: string; name: string }) {
  const t = useT(sharedCatalog);
  return (
    <div className={styles.rowActions}>
      <Link to={to} className={styles.secondary} aria-label={t('list.editNamed', { name })}>
        {t('list.edit')}
      </Link>
    </div>
  );
}

/** A labelled cell of a row: "Status" and its value. */
export function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span className={styles.label}>{label}</span>
      {children}
    </div>
  );
}
