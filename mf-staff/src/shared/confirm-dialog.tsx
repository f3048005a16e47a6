import type { ReactNode } from 'react';
import { useT } from '@tca/ui/i18n';
import { Modal } from '@tca/ui/modal';
import { WithWritten } from './as-written.js';
import { sharedCatalog } from './messages';
import styles from './staff.module.css';

interface ConfirmDialogProps {
  title: string;
  /** A value inside the title that stays as written (a post's title, a person's name): marked lang="en" on a page not in English. */
  written?: string;
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
export function ConfirmDialog({ title, written, description, confirmLabel, busy, onConfirm, onCancel, children, form }: ConfirmDialogProps) {
  const t = useT(sharedCatalog);
  return (
    <Modal
      title={written ? <WithWritten text={title} written={written} /> : title}
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
