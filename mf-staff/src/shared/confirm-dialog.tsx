import type { ReactNode } from 'react';
import { useT } from '@tca/ui/i18n';
import { Modal } from '@tca/ui/modal';
import { sharedCatalog } from './messages';
import styles from './staff.module.css';

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the dialog asks for besides the question (e.g. a reason): a form whose id is `form`. */
  children?: ReactNode;
  /** The id of the form in `children`: the confirm button submits it (and onConfirm is not called). */
  form?: string;
}

/** "Are you sure?" for an action that cannot be undone from here (removing staff, withdrawing an invitation, rejecting a request). */
export function ConfirmDialog({ title, description, confirmLabel, busy, onConfirm, onCancel, children, form }: ConfirmDialogProps) {
  const t = useT(sharedCatalog);
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
            {t('dialog.cancel')}
          </button>
          {form ? (
            <button type="submit" form={form} className="tca-button" aria-disabled={busy || undefined}>
              {busy ? t('dialog.working') : confirmLabel}
            </button>
          ) : (
            <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
              {busy ? t('dialog.working') : confirmLabel}
            </button>
          )}
        </>
      }
    >
      {children}
    </Modal>
  );
}
