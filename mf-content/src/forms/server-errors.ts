import { retryAfterText, splitFieldMessages } from '@tca/ui/server-errors';
import type { FailedResult } from '@tca/ui/api';

/** The texts of spec §4, §5 and §8 for the two public forms. */
export const CONTACT_SUCCESS_TEXT = 'Message Sent';
export const CONTACT_FAILURE_TEXT = 'Failed to send message. Please try again later.';
export const TICKET_SUCCESS_TEXT = 'Ticket submitted successfully!';
export const TICKET_NETWORK_FAILURE_TEXT = 'Failed to submit ticket. Please try again.';

/** What a form shows after a failed post. */
export interface FormFailure<F extends string> {
  /** The headline of the alert. */
  message: string;
  /** More from the server (its message, or messages for fields the form does not show), or null. */
  detail: string | null;
  /** Messages to show under the form's own fields. */
  fields: Partial<Record<F, string>>;
}

/** The server's own words for a client error: its message, then messages for hidden fields. */
function serverDetail(result: Extract<FailedResult, { kind: 'http' }>, others: string[]): string | null {
  const parts: string[] = [];
  if (result.error?.message) parts.push(result.error.message);
  parts.push(...others.filter((text) => !parts.includes(text)));
  if (result.status === 429 && !result.error?.message) {
    parts.push(retryAfterText(result.retryAfter) ?? 'Too many requests. Please try again later.');
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Contact form (spec §8 'Failed to send message. Please try again later.'). Unlike the old site the
 * failure is shown; for a 4xx the server's message is added (a 429's "too many messages", a 400's
 * summary) and a 400's field messages go under the fields. A 5xx or a lost connection shows only the
 * spec's text: the server's words would not help the visitor.
 */
export function contactFailure<F extends string>(result: FailedResult, visibleFields: readonly F[]): FormFailure<F> {
  if (result.kind === 'network' || result.status >= 500) return { message: CONTACT_FAILURE_TEXT, detail: null, fields: {} };
  const { fields, others } = splitFieldMessages(result.error, visibleFields);
  return { message: CONTACT_FAILURE_TEXT, detail: serverDetail(result, others), fields };
}

/**
 * Support ticket (spec §8): a non-ok answer reads 'Backend error: (status) (statusText)', followed by
 * the server's message when it sent one; a lost connection shows the error's own message or
 * 'Failed to submit ticket. Please try again.'.
 */
export function ticketFailure<F extends string>(result: FailedResult, visibleFields: readonly F[]): FormFailure<F> {
  if (result.kind === 'network') return { message: result.message.trim() || TICKET_NETWORK_FAILURE_TEXT, detail: null, fields: {} };
  const headline = `Backend error: ${result.status} ${result.statusText}`.trim();
  const { fields, others } = splitFieldMessages(result.error, visibleFields);
  const detail = serverDetail(result, others);
  return { message: detail ? `${headline} — ${detail}` : headline, detail: null, fields };
}
