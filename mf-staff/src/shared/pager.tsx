import { useT } from '@tca/ui/i18n';
import { sharedCatalog } from './messages';
import styles from './staff.module.css';

interface PagerProps {
  page: number;
  pages: number;
  /** Names the navigation for screen readers: "Pages of tickets". */
  label: string;
  onPage: (page: number) => void;
}

/** Previous / Page n of m / Next under a paged staff list; nothing when there is one page. */
export function Pager({ page, pages, label, onPage }: PagerProps) {
  const t = useT(sharedCatalog);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.position', { page, pages })}</span>
      <button type="button" className={styles.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
