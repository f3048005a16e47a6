import type { FailedResult } from '@tca/ui/api';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { serverDetail, type FormFailure } from '../../shared/form-failure.js';

/** The ticket form's texts of spec §4, §5 and §8. */
export const TICKET_SUCCESS_TEXT = 'Ticket submitted successfully!';
export const TICKET_NETWORK_FAILURE_TEXT = 'Failed to submit ticket. Please try again.';

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
