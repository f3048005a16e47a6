import { notify } from '@tca/ui';

/** Spec §5/§9: the account pages' messages show as toasts for 3 seconds. */
export const TOAST_MS = 3000;

/** A 3-second toast; the same text is not stacked twice while it is still showing. */
export function toast(tone: 'success' | 'error' | 'info', text: string): void {
  notify[tone](text, { autoClose: TOAST_MS, toastId: `account:${text}` });
}
