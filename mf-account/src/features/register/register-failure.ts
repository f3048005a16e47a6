import { tooManyText, type FailedResult } from '@tca/ui/api';
import { fieldMessages } from '../../shared/field-messages.js';
import { REGISTER_TEXT } from './register-texts.js';

export interface FieldFailure<F extends string> {
  text: string;
  /** Server messages for the form's own fields. */
  fields: Partial<Record<F, string>>;
}

/**
 * §8 Register: the server's message (a duplicate e-mail, a rule it enforces), else 'Registration
 * failed. Please try again.'; no answer at all: 'No response from server. Please try again.'. A 429
 * (beyond the spec) says so and when to try again.
 */
export function registerFailure<F extends string>(result: FailedResult, visible: readonly F[]): FieldFailure<F> {
  if (result.kind === 'network') return { text: REGISTER_TEXT.noResponse, fields: {} };
  const fields = fieldMessages(result, visible);
  if (result.status === 429) return { text: tooManyText(result), fields };
  return { text: result.error?.message?.trim() || REGISTER_TEXT.registerFailed, fields };
}
