import { STAFF_SECOND_FACTOR_REQUIRED_MESSAGE, type StaffMeAnswer } from '@tca/contracts';
import { isRejectedToken, type ApiResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { failureText } from '../../shared/failure-text.js';
import { accessCatalog } from './messages.js';

/** identity's code for a staff account whose session did not pass the second factor (403). */
const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/** Who is looking at a staff page, from GET /staff-api/me. */
export type StaffAccess =
  | { kind: 'checking' }
  /** No session in this browser. */
  | { kind: 'signed-out' }
  /** The server no longer accepts the stored session: the browser session ends (and the login page opens). */
  | { kind: 'rejected' }
  /** Signed in, but the account has no staff role (403). */
  | { kind: 'not-staff' }
  /** A staff account whose session did not pass two-factor sign-in (403 second_factor_required). */
  | { kind: 'second-factor'; message: string }
  | { kind: 'staff'; me: StaffMeAnswer }
  | { kind: 'failed'; detail: string };

/** The access a GET /staff-api/me answer gives. */
export function staffAccessOf(result: ApiResult<StaffMeAnswer>): StaffAccess {
  if (result.kind === 'ok') {
    return result.answer ? { kind: 'staff', me: result.answer } : { kind: 'failed', detail: translator(accessCatalog)('gate.unreadable') };
  }
  if (isRejectedToken(result)) return { kind: 'rejected' };
  if (result.kind === 'http' && result.status === 403) {
    if (result.error?.error !== SECOND_FACTOR_REQUIRED) return { kind: 'not-staff' };
    return { kind: 'second-factor', message: result.error.message?.trim() || STAFF_SECOND_FACTOR_REQUIRED_MESSAGE };
  }
  return { kind: 'failed', detail: failureText(result) };
}
