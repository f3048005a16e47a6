import { ALREADY_ENROLLED_MESSAGE, CHALLENGE_ENDED_MESSAGE, CODE_ALREADY_USED_MESSAGE, NOT_ENROLLED_MESSAGE, WRONG_CODE_MESSAGE } from '@tca/contracts';
import { tooManyText, type ApiResult } from '@tca/ui/api';
import { LOGIN_TEXT } from './login-texts.js';

/**
 * What the second sign-in step does with an answer (issue 14): go on with it; show a message under the
 * code field and let the person try again (a wrong or replayed code); go back to the password step with
 * a message (the challenge has ended, or the account's app is not in the state this step expected); or
 * say what went wrong and stay (too many attempts, the server is away).
 */
export type SecondStepOutcome<T> =
  | { kind: 'ok'; answer: T }
  | { kind: 'field'; text: string }
  | { kind: 'restart'; text: string }
  | { kind: 'error'; text: string };

/** identity's error codes of the second step, and the step's answer to each. */
const BY_CODE: Readonly<Record<string, { kind: 'field' | 'restart'; text: string }>> = {
  wrong_code: { kind: 'field', text: WRONG_CODE_MESSAGE },
  code_already_used: { kind: 'field', text: CODE_ALREADY_USED_MESSAGE },
  challenge_ended: { kind: 'restart', text: CHALLENGE_ENDED_MESSAGE },
  // The app was set up (or removed) since the password step said otherwise: a new login asks the right question.
  not_enrolled: { kind: 'restart', text: NOT_ENROLLED_MESSAGE },
  already_enrolled: { kind: 'restart', text: ALREADY_ENROLLED_MESSAGE },
};

export function secondStepOutcome<T>(result: ApiResult<T>): SecondStepOutcome<T> {
  if (result.kind === 'ok') return result.answer ? { kind: 'ok', answer: result.answer } : { kind: 'error', text: LOGIN_TEXT.somethingWrong };
  if (result.kind === 'network') return { kind: 'error', text: LOGIN_TEXT.somethingWrong };
  if (result.status === 429) return { kind: 'error', text: tooManyText(result) };
  if (result.status === 404) return { kind: 'error', text: LOGIN_TEXT.serverUnavailable };
  const known = result.error ? BY_CODE[result.error.error] : undefined;
  if (known) return known;
  const fields = result.error?.fields;
  if (result.status === 400 && fields?.challenge) return { kind: 'restart', text: CHALLENGE_ENDED_MESSAGE };
  if (result.status === 400 && fields?.code) return { kind: 'field', text: fields.code };
  return { kind: 'error', text: LOGIN_TEXT.somethingWrong };
}
