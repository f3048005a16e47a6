import styles from './staff.module.css';

/** A staff list that could not be loaded: what (e.g. "The posts"), the reason, and Try again. */
export function LoadFailure({ what, detail, onRetry }: { what: string; detail: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.section}>
      <p>
        <strong>{what} could not be loaded.</strong> {detail}
      </p>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}
