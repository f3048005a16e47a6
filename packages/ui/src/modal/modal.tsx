import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useT } from '@tca/ui/i18n';
import { modalCatalog } from './messages.js';
import styles from './modal.module.css';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons under the scrolling body (e.g. Accept / Decline). */
  footer?: ReactNode;
  /** Text of the described-by paragraph, when the dialog needs a one-line summary. */
  description?: string;
  /** Close on a click outside the frame (default true). */
  closeOnBackdrop?: boolean;
  /** Where focus goes on close; by default the element focused when the modal opened (Safari does not focus clicked buttons). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * A modal dialog on the native <dialog> with showModal(): the browser keeps focus inside and makes
 * the rest of the page inert, Esc and the Close button close it, and focus goes back to the element
 * that opened it. Render it only while it is open.
 */
export function Modal({ title, onClose, children, footer, description, closeOnBackdrop = true, returnFocusTo }: ModalProps) {
  const t = useT(modalCatalog);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  // Read once, when the dialog opens.
  const returnRef = useRef(returnFocusTo);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = returnRef.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    // A close event for a dialog that is open again is stale: React's StrictMode (npm run dev) runs this
    // effect's cleanup, which closes the dialog, and then the effect again, which re-opens it before the
    // queued event arrives. Only a dialog that really is closed closes the modal.
    const handleClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && event.target === event.currentTarget) ref.current?.close();
  };

  return (
    // The dialog element itself is only the backdrop's click target; keyboard users close it with Esc or the Close button.
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      {...(description ? { 'aria-describedby': descriptionId } : {})}
      onClick={onBackdrop}
    >
      <div className={styles.frame}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('close')} onClick={() => ref.current?.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {children}
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}
