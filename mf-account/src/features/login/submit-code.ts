import type { ApiResult } from '@tca/ui/api';
import type { CheckedCode } from './code-checks.js';
import { secondStepOutcome, type SecondStepOutcome } from './second-factor-outcomes.js';

/**
 * One submit of a second-step code: a code that cannot be right is refused here (`field`, nothing sent);
 * otherwise it is sent and the answer says what the step does next (second-factor-outcomes.ts).
 */
export async function submitCode<T>(typed: string, check: (typed: string) => CheckedCode, send: (code: string) => Promise<ApiResult<T>>): Promise<SecondStepOutcome<T>> {
  const checked = check(typed);
  if (!checked.ok) return { kind: 'field', text: checked.message };
  return secondStepOutcome(await send(checked.code));
}
