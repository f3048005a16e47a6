import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons under the scrolling body (e.g. Accept / Decline). */
  footer?: ReactNode;
  /** Text of the described-by paragraph, when the dialog needs a one-line summary. */
  description?: string;
  /** Close on a click outside the frame (default true). */
  closeOnBackdrop?: boolean;
}

/**
 * A modal dialog on the native <dialog> with showModal() (the same approach as mf-content's): the
 * browser keeps focus inside and makes the rest of the page inert, Esc closes it, and focus goes
 * back to the element that opened it. Render it only while it is open.
 */
export function Modal({ title, onClose, children, footer, description, closeOnBackdrop = true }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const handleClose = () => onCloseRef.current();
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
          <button type="button" className={styles.close} aria-label="Close" onClick={() => ref.current?.close()}>
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
