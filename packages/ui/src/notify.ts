import { Slide, toast, type ToastOptions } from 'react-toastify';

/**
 * The spec's toast defaults (§9): top-right, 5000 ms, paused on hover and focus loss. Toasts slide
 * in rather than bounce: react-toastify's bounce fades the text in, below the contrast minimum for
 * its first frames (see the toast rules in styles.css).
 */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  transition: Slide,
} as const satisfies ToastOptions;

/**
 * Toasts for every app. react-toastify is a shared singleton, so a remote's toast lands in the
 * shell's one container.
 */
export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, options),
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string, options?: ToastOptions) => toast.info(message, options),
  warning: (message: string, options?: ToastOptions) => toast.warning(message, options),
};
