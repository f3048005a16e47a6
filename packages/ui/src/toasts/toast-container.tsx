import { ToastContainer, Slide, type CloseButtonProps } from 'react-toastify';
import { translator, useLang } from '@tca/ui/i18n';
import { TOAST_DEFAULTS } from '../notify.js';
import { toastsCatalog } from './messages.js';

/**
 * react-toastify's container with the spec's defaults, its region and close buttons labelled in the
 * language shown (react-toastify's own labels are English). A chunk of its own, fetched with
 * react-toastify when the first toast is wanted. Its catalog is loaded before it mounts (see the
 * Toaster) and with every switch, so it never suspends the frame around it.
 */
export function TcaToastContainer() {
  useLang();
  const t = translator(toastsCatalog);
  return <ToastContainer {...TOAST_DEFAULTS} transition={Slide} aria-label={t('region')} closeButton={(props: CloseButtonProps) => <CloseButton {...props} label={t('close')} />} />;
}

function CloseButton({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 14" width="14" height="14">
        <path d="M3 3l8 8M11 3l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
