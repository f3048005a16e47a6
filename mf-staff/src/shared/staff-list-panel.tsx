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

/** How a list names its things in English ("order" / "orders"), for lists not translated yet; translated ones pass StaffListTexts. */
export interface StaffListNouns {
  /** One of them, lower case: "event". */
  one: string;
  /** More of them, lower case: "events". */
  many: string;
}

/**
 * A list page's own sentences, whole (Tamil cannot build them from a noun), from its feature's catalog:
 * "New event", "Loading the events...", "The events could not be loaded.", "There are no events yet. …"
 * and the count heading ("1 event" / "2 events", an ICU plural).
 */
export interface StaffListTexts {
  newLabel: string;
  loading: string;
  failed: string;
  /** The sentence shown when there are none, with its hint: "There are no events yet. Add the first with New event." */
  empty: string;
  count: (n: number) => string;
}

interface StaffListPanelProps<A> {
  title: string;
  lead: string;
  texts: StaffListTexts;
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
export function StaffListPanel<A>({ title, lead, texts, newPath, load: call, answerName, children }: StaffListPanelProps<A>) {
  const { load, reload } = useStaffLoad(call, answerName);
  const t = useT(sharedCatalog);
  return (
    <Page title={title} lead={lead}>
      <p className={styles.actions}>
        <Link to={newPath} className="tca-button">
          {texts.newLabel}
        </Link>
        <Link to={paths.staffHome} className={styles.secondary}>
          {t('list.back')}
        </Link>
      </p>
      <StaffLoadView load={load} loadingLabel={texts.loading} failedTitle={texts.failed} onRetry={reload}>
        {children}
      </StaffLoadView>
    </Page>
  );
}

/** The rows' words: a feature's whole sentences (`texts`, with the heading's id), or English built from `nouns`. */
type RowsWords = { texts: Pick<StaffListTexts, 'empty' | 'count'>; titleId: string } | { nouns: StaffListNouns; firstHint: string };

type StaffRowsProps<T> = RowsWords & {
  items: readonly T[];
  /** One row's cells (the `<li>` is made here). */
  children: (item: T) => ReactNode;
  /** The row's key. */
  keyOf: (item: T) => string;
  /** A class added to each row's `.row`. */
  rowClassName?: string;
};

/** The rows of a list page: "N things" as the section's heading, a list at every width (one column on a phone). */
export function StaffRows<T>(props: StaffRowsProps<T>) {
  const { items, children, keyOf, rowClassName } = props;
  const words =
    'texts' in props
      ? { empty: props.texts.empty, count: props.texts.count, titleId: props.titleId }
      : {
          empty: `There are no ${props.nouns.many} yet. ${props.firstHint}`,
          count: (n: number) => (n === 1 ? `1 ${props.nouns.one}` : `${n} ${props.nouns.many}`),
          titleId: `${props.nouns.many}-title`,
        };
  if (items.length === 0) return <p className={styles.section}>{words.empty}</p>;
  return (
    <section className={styles.section} aria-labelledby={words.titleId}>
      <h2 id={words.titleId} className={styles.sectionTitle}>
        {words.count(items.length)}
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

/**
 * A row's last cell: Edit, named by the thing for screen readers. A name in English on a Tamil page
 * (`nameLang` 'en': content with no Tamil version) is read out as English, in a hidden part of the link.
 */
export function EditCell({ to, name, nameLang }: { to: string; name: string; nameLang?: 'en' | undefined }) {
  const t = useT(sharedCatalog);
  if (nameLang)
    return (
      <div className={styles.rowActions}>
        <Link to={to} className={styles.secondary}>
          {t('list.edit')}
          <span className="tca-visually-hidden">
            {' — '}
            <span lang={nameLang}>{name}</span>
          </span>
        </Link>
      </div>
    );
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
