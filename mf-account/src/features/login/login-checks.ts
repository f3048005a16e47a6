import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, loginResultSchema, needsSecondFactor, resetRequestSchema, sendResetAnswerSchema } from '@tca/contracts';

/**
 * What the login card needs only once the visitor acts: the §5 checks of its two forms and the answer
 * shapes. Loaded on first focus or submit (see load-login-checks.ts), so the validation library is not part
 * of /login's first load. The login answer is a session, or (issue 14) a staff account's second step.
 */
export const loginResolver = zodResolver(loginRequestSchema);
export const resetRequestResolver = zodResolver(resetRequestSchema);
export { loginResultSchema, needsSecondFactor, sendResetAnswerSchema };
