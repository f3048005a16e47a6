import { useT } from '@tca/ui/i18n';
import { sharedCatalog } from './messages';
import styles from './staff.module.css';

interface LoadFailureProps {
  /** The sentence in bold, e.g. "The queues could not be loaded." */
  title: string;
  /** Why (failureText of the call). */
  detail: string;
  /** Asks again; without it there is no Try again button. */
  onRetry?: (() => void) | undefined;
}

/** A staff list or panel that could not be loaded: what, why, and Try again. */
export function LoadFailure({ title, detail, onRetry }: LoadFailureProps) {
  const t = useT(sharedCatalog);
  return (
    <div role="alert" className={styles.section}>
      <p>
        <strong>{title}</strong> {detail}
      </p>
      {onRetry ? (
        <p className={styles.actions}>
          <button type="button" className="tca-button" onClick={onRetry}>
            {t('failure.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
