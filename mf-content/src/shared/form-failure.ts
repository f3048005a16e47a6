import { retryAfterText } from '@tca/ui/server-errors';
import type { FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { sharedCatalog } from './messages.js';

/**
 * What a form shows after a failed post: shared by the contact and ticket forms, whose own rules are
 * features/contact/contact-failure.ts and features/support-ticket/ticket-failure.ts.
 */
export interface FormFailure<F extends string> {
  /** The headline of the alert. */
  message: string;
  /** More from the server (its message, or messages for fields the form does not show), or null. */
  detail: string | null;
  /** Messages to show under the form's own fields. */
  fields: Partial<Record<F, string>>;
}

/** The server's own words for a client error: its message, then messages for hidden fields. */
export function serverDetail(result: Extract<FailedResult, { kind: 'http' }>, others: string[]): string | null {
  const parts: string[] = [];
  if (result.error?.message) parts.push(result.error.message);
  parts.push(...others.filter((text) => !parts.includes(text)));
  if (result.status === 429 && !result.error?.message) {
    parts.push(retryAfterText(result.retryAfter) ?? translator(sharedCatalog)('tooMany'));
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
