import type * as ReactToastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * The spec's toast defaults (§9): top-right, 5000 ms, paused on hover and focus loss. Toasts slide in
 * rather than bounce (the Toaster sets react-toastify's Slide): its bounce fades the text in, below
 * the contrast minimum for its first frames (see the toast rules in styles.css).
 */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const satisfies ToastOptions;

export type Toastify = typeof ReactToastify;

let library: Promise<Toastify> | undefined;
let containerShown: (() => void) | undefined;
const containerReady = new Promise<void>((resolve) => {
  containerShown = resolve;
});
const wanted = new Set<() => void>();

/**
 * react-toastify, fetched the first time something asks for a toast: no page needs it to render, so
 * it stays out of every page's first load. The Toaster subscribes to learn when to mount its container.
 */
export function loadToastify(): Promise<Toastify> {
  if (!library) {
    library = import('react-toastify');
    for (const listener of wanted) listener();
  }
  return library;
}

/** The Toaster's side: called once when toasts are first wanted, and told when its container is up. */
export const toasterLink = {
  onWanted(listener: () => void): () => void {
    wanted.add(listener);
    if (library) listener();
    return () => wanted.delete(listener);
  },
  containerMounted(): void {
    containerShown?.();
  },
};

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, message: ToastContent, options?: ToastOptions): void {
  void loadToastify()
    .then(async (toastify) => {
      await containerReady;
      toastify.toast[kind](message, options);
    })
    .catch((error: unknown) => {
      // The chunk could not be fetched (offline): the message still reaches assistive technology logs.
      console.error('[ui] a toast could not be shown', message, error);
    });
}

/**
 * Toasts for every app. `@tca/ui` is a shared singleton, so a remote's toast lands in the one
 * Toaster the shell mounts.
 */
export const notify = {
  success: (message: ToastContent, options?: ToastOptions) => show('success', message, options),
  error: (message: ToastContent, options?: ToastOptions) => show('error', message, options),
  info: (message: ToastContent, options?: ToastOptions) => show('info', message, options),
  warning: (message: ToastContent, options?: ToastOptions) => show('warning', message, options),
};
