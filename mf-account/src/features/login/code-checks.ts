import { enrolConfirmRequestSchema, secondFactorCodeSchema } from '@tca/contracts';

/** A code as typed, or the message to show under its field (identity's own checks, from @tca/contracts). */
export type CheckedCode = { ok: true; code: string } | { ok: false; message: string };

function firstMessage(issues: ReadonlyArray<{ message: string }>): string {
  return issues[0]?.message ?? 'Code is required';
}

/**
 * The first code of a new authenticator app (POST /auth/login/enrol/confirm takes 6 digits exactly):
 * the spaces apps show in the middle ("123 456") are taken out first.
 */
export function checkEnrolmentCode(typed: string): CheckedCode {
  const parsed = enrolConfirmRequestSchema.shape.code.safeParse(typed.replace(/\s+/g, ''));
  return parsed.success ? { ok: true, code: parsed.data } : { ok: false, message: firstMessage(parsed.error.issues) };
}

/** A code of the app or a recovery code (POST /auth/login/second-factor), as identity reads it. */
export function checkSignInCode(typed: string): CheckedCode {
  const parsed = secondFactorCodeSchema.safeParse(typed);
  return parsed.success ? { ok: true, code: parsed.data } : { ok: false, message: firstMessage(parsed.error.issues) };
}
