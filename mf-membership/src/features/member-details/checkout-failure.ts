import { SUBMISSION_NOT_ALLOWED, type ApiError } from '@tca/contracts';
import { isRejectedToken, tooManyText, type FailedResult } from '@tca/ui/api';
import { TEXT } from '../../shared/messages.js';
import type { MemberFormValues } from './member-form-values.js';

/**
 * What PAY NOW (and the demo Checkout) shows when POST /create-checkout-session fails (spec §8:
 * 'Failed to create checkout session', then the alert 'Something went wrong. Please try again.').
 */
export type CheckoutFailure =
  /** The server no longer accepts the login: the session ends and the browser goes to /login. */
  | { kind: 'session-ended' }
  /** 'Submission Not Allowed': a request for this e-mail and level exists already. */
  | { kind: 'not-allowed'; title: string; message: string }
  /** 'You already have an active membership'. */
  | { kind: 'already-active'; message: string }
  /** The server refused some fields: their messages go under them; `alert` is the banner text. */
  | { kind: 'fields'; alert: string; fields: Partial<Record<keyof MemberFormValues, string>> }
  /** Anything else: the toast and the alert. `detail` is the server's own explanation when it helps. */
  | { kind: 'alert'; toast: string; alert: string; detail: string | null };

const FORM_FIELDS: ReadonlySet<string> = new Set<keyof MemberFormValues>([
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'addressLine1',
  'suburb',
  'stateProvince',
  'postalCode',
  'profession',
  'dateOfBirth',
  'gender',
  'maritalStatus',
  'referredBy',
]);

/** The server's field messages for the form's own fields; keys may be `membership.firstName`. */
function formFieldMessages(error: ApiError | null): Partial<Record<keyof MemberFormValues, string>> {
  const fields: Partial<Record<keyof MemberFormValues, string>> = {};
  for (const [key, message] of Object.entries(error?.fields ?? {})) {
    const name = key.replace(/^membership\./, '');
    if (FORM_FIELDS.has(name)) fields[name as keyof MemberFormValues] = message;
  }
  return fields;
}

const generic = (detail: string | null = null): CheckoutFailure => ({ kind: 'alert', toast: TEXT.checkoutFailed, alert: TEXT.somethingWrong, detail });

export function checkoutFailure(result: FailedResult): CheckoutFailure {
  if (isRejectedToken(result)) return { kind: 'session-ended' };
  if (result.kind === 'network') return generic();
  const code = result.error?.error;
  if (result.status === 409 && code === SUBMISSION_NOT_ALLOWED.error) {
    return { kind: 'not-allowed', title: SUBMISSION_NOT_ALLOWED.title, message: SUBMISSION_NOT_ALLOWED.message };
  }
  if (result.status === 409 && code === 'already_active') return { kind: 'already-active', message: TEXT.alreadyActive };
  if (result.status === 429) return generic(tooManyText(result));
  if (result.status === 400) {
    const fields = formFieldMessages(result.error);
    if (Object.keys(fields).length > 0) return { kind: 'fields', alert: result.error?.message?.trim() || TEXT.somethingWrong, fields };
    // A price that no longer matches, an unknown level: the server says what happened.
    return generic(result.error?.message?.trim() || null);
  }
  return generic();
}
