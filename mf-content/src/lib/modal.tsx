import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Where focus goes on close; the element focused when the modal opened by default (Safari does not focus clicked buttons). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * A modal dialog on the native <dialog> with showModal(): the browser keeps focus inside and makes
 * the rest of the page inert, Esc closes it. Render it only while it is open; on close, focus goes
 * back to the element that opened it. A click on the backdrop closes it too.
 */
export function Modal({ title, onClose, children, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnRef = useRef(returnFocusTo);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = returnRef.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) ref.current?.close();
  };

  return (
    // The dialog itself is only the backdrop's click target; keyboard users close it with Esc or the Close button.
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClick={closeOnBackdrop}>
      <div className={styles.frame}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={() => ref.current?.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
