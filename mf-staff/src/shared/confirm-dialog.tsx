import { Modal } from '@tca/ui/modal';
import styles from './staff.module.css';

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" for an action that cannot be undone from here (removing staff, withdrawing an invitation). */
export function ConfirmDialog({ title, description, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      description={description}
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
            {busy ? 'Working...' : confirmLabel}
          </button>
        </>
      }
    />
  );
}
