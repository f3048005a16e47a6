import type { ReactNode } from 'react';
import { Pager } from './pager.js';
import styles from './staff.module.css';

interface PagedTableSectionProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** The line read out when the page changes: "3 requests are Pending.", "Memberships 1-50 of 212". */
  status: string;
  /** How many rows this page has; with none, `empty` (or nothing) stands instead of the table. */
  rowCount: number;
  empty?: ReactNode;
  caption: string;
  /** A caption for screen readers only (when the status line shows the same words). */
  captionHidden?: boolean;
  /** The column headings. */
  columns: readonly string[];
  /** The table's look (a feature's CSS module: a table from 760 px, blocks on a phone). */
  tableClassName: string | undefined;
  page: number;
  pages: number;
  /** Names the pager for screen readers: "Pages of requests". */
  pagerLabel: string;
  onPage: (page: number) => void;
  /** The page's rows (`<tr>`s). */
  children: ReactNode;
}

/** One page of a staff table (the members desk's memberships and requests): heading, status line, the table, the pager. */
export function PagedTableSection({ id, title, status, rowCount, empty, caption, captionHidden, columns, tableClassName, page, pages, pagerLabel, onPage, children }: PagedTableSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <p role="status">{status}</p>
      {rowCount === 0 ? (empty ?? null) : (
        <table className={tableClassName}>
          <caption className={captionHidden ? 'tca-visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
      <Pager page={page} pages={pages} label={pagerLabel} onPage={onPage} />
    </section>
  );
}
