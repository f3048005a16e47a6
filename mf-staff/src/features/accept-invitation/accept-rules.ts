import { acceptInvitationRequestSchema, type AcceptInvitationRequest } from '@tca/contracts';

export const ACCEPT_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'password', 'confirmPassword'] as const;
export type AcceptField = (typeof ACCEPT_FIELDS)[number];
export type AcceptForm = Record<AcceptField, string>;
export type AcceptErrors = Partial<Record<AcceptField, string>>;

export const PASSWORDS_DIFFER = 'The passwords do not match';

/**
 * The phone number as identity stores it: the country code's digits and the number, nothing else
 * ("+61 412 345 678" → "61412345678"); anything but digits, spaces, +, -, dots and brackets is kept, so
 * the schema's message names it.
 */
export function storedPhone(typed: string): string {
  return /^[\d\s+().-]*$/.test(typed) ? typed.replace(/\D/g, '') : typed.trim();
}

/** The form checked with the server's own schema (and the two passwords alike): the request, or each field's first message. */
export function checkAccept(form: AcceptForm, token: string): { ok: true; request: AcceptInvitationRequest } | { ok: false; errors: AcceptErrors } {
  const parsed = acceptInvitationRequestSchema.safeParse({
    token,
    firstName: form.firstName,
    lastName: form.lastName,
    phoneNumber: storedPhone(form.phoneNumber),
    password: form.password,
  });
  const errors: AcceptErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (ACCEPT_FIELDS as readonly string[]).includes(field) && errors[field as AcceptField] === undefined) errors[field as AcceptField] = issue.message;
    }
  }
  if (form.confirmPassword !== form.password) errors.confirmPassword = PASSWORDS_DIFFER;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, request: parsed.data };
  return { ok: false, errors };
}
