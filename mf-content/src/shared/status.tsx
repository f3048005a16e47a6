import { useT } from '@tca/ui/i18n';
import { sharedCatalog } from './messages.js';
import styles from './status.module.css';

/** A polite "loading" line inside a page (the shell's own "Loading..." spinner is the page loader). */
export function LoadingMessage({ children }: { children: string }) {
  return (
    <div className={styles.loading} role="status">
      {children}
    </div>
  );
}

interface ErrorMessageProps {
  message: string;
  detail?: string;
  onRetry?: () => void;
}

/** A load failure, announced at once, with an optional Retry. */
export function ErrorMessage({ message, detail, onRetry }: ErrorMessageProps) {
  const t = useT(sharedCatalog);
  return (
    <div className={styles.error}>
      <div role="alert">
        <p className={styles.message}>{message}</p>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
      </div>
      {onRetry ? (
        <button type="button" className={`tca-button ${styles.retry}`} onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A list with nothing in it. */
export function EmptyMessage({ children }: { children: string }) {
  return (
    <div className={styles.empty}>
      <p className={styles.message}>{children}</p>
    </div>
  );
}
