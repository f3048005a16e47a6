import type { FailedResult } from '@tca/ui/api';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { serverDetail, type FormFailure } from '../../shared/form-failure.js';

/** The contact form's texts of spec §4, §5 and §8. */
export const CONTACT_SUCCESS_TEXT = 'Message Sent';
export const CONTACT_FAILURE_TEXT = 'Failed to send message. Please try again later.';

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
