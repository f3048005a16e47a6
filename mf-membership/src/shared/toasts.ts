import { notify } from '@tca/ui';
import { TIMING } from './messages.js';

/**
 * The membership pages' toasts, 3 seconds each (spec §9). The same text is not stacked twice while
 * it is still showing (React's development double effects, double clicks).
 */
export function toast(tone: 'success' | 'error' | 'info', text: string): void {
  notify[tone](text, { autoClose: TIMING.toast, toastId: `membership:${text}` });
}
