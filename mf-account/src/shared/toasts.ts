import { notify } from '@tca/ui';
import { shownText } from './messages.js';

/** Spec §5/§9: the account pages' messages show as toasts for 3 seconds. */
export const TOAST_MS = 3000;

/**
 * A 3-second toast in the language shown (a known English message in its catalog version); the same
 * text is not stacked twice while it is still showing.
 */
export function toast(tone: 'success' | 'error' | 'info', text: string): void {
  const shown = shownText(text);
  notify[tone](shown, { autoClose: TOAST_MS, toastId: `account:${shown}` });
}
