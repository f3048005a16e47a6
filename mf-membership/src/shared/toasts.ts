import { notify } from '@tca/ui';
import { shownText, TIMING } from './messages.js';

/**
 * The membership pages' toasts, 3 seconds each (spec §9). The same text is not stacked twice while
 * it is still showing (React's development double effects, double clicks). A known English text
 * shows in the language shown.
 */
export function toast(tone: 'success' | 'error' | 'info', text: string): void {
  notify[tone](shownText(text), { autoClose: TIMING.toast, toastId: `membership:${text}` });
}
