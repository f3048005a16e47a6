import {
  AUSTRALIAN_STATES,
  GENDERS,
  MARITAL_STATUSES,
  MEMBER_FIELD_LABELS,
  memberDetailsSchema,
  missingFieldsMessage,
  type DocumentRef,
  type LoginUser,
  type MemberDetails,
  type MemberRequiredField,
} from '@tca/contracts';

/**
 * The member details form (spec §3 submission, §5 member details): its values, the prefill from
 * the stored user, the required-field message, and the body the server takes. The rules are the
 * server's own (`memberDetailsSchema`).
 */

/** What the form edits: every field as text (selects start empty). Documents are kept apart. */
export interface MemberFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  addressLine1: string;
  suburb: string;
  stateProvince: string;
  postalCode: string;
  profession: string;
  dateOfBirth: string;
  gender: string;
  maritalStatus: string;
  referredBy: string;
}

/** §5's required fields in the order the form shows them (and the message lists them). */
export const REQUIRED_MEMBER_FIELDS = Object.keys(MEMBER_FIELD_LABELS) as MemberRequiredField[];

/** The form's own schema: the server's, without the documents (uploaded on their own). */
export const memberFormSchema = memberDetailsSchema.omit({ passport: true, supportingDocuments: true });

function oneOf<T extends string>(options: readonly T[], value: string | undefined): T | '' {
  const wanted = (value ?? '').trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted) ?? '';
}

/** 61412345678 → +61 412345678 (as the profile shows it); anything that is not digits stays as it is. */
export function prefillPhone(phone: string): string {
  const trimmed = phone.trim();
  if (!/^\d{3,}$/.test(trimmed)) return trimmed;
  return `+${trimmed.slice(0, 2)} ${trimmed.slice(2)}`;
}

/** A date the stored user may hold (YYYY-MM-DD or a timestamp) as a date input's value, else ''. */
function dateValue(value: string | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec((value ?? '').trim());
  return match?.[1] ?? '';
}

/** The starting values: the logged-in user's details (spec §3: the optional ones too, when valid). */
export function memberFormDefaults(user: LoginUser | null): MemberFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phoneNumber: user ? prefillPhone(user.phone) : '',
    addressLine1: user?.addressLine1 ?? '',
    suburb: user?.suburb ?? '',
    stateProvince: oneOf(AUSTRALIAN_STATES, user?.stateProvince),
    postalCode: user?.postalCode ?? '',
    profession: user?.profession ?? '',
    dateOfBirth: dateValue(user?.dateOfBirth),
    gender: oneOf(GENDERS, user?.gender),
    maritalStatus: oneOf(MARITAL_STATUSES, user?.maritalStatus),
    referredBy: '',
  };
}

/** The required fields left empty (only spaces counts as empty), in the form's order. */
export function missingRequiredFields(values: Partial<Record<keyof MemberFormValues, string | undefined>>): MemberRequiredField[] {
  return REQUIRED_MEMBER_FIELDS.filter((field) => (values[field] ?? '').trim() === '');
}

/** §5: 'Please fill in all required fields: (list)', or null when none is missing. */
export function requiredFieldsMessage(values: Partial<Record<keyof MemberFormValues, string | undefined>>): string | null {
  const missing = missingRequiredFields(values);
  return missing.length > 0 ? missingFieldsMessage(missing) : null;
}

export interface MemberDocuments {
  passport: DocumentRef | null;
  supportingDocuments: DocumentRef[];
}

/**
 * The member details for POST /create-checkout-session, checked with the server's schema; the
 * e-mail is always the logged-in user's (§5 "Email is locked while logged in").
 */
export function memberDetails(
  values: MemberFormValues,
  documents: MemberDocuments,
  sessionEmail: string,
): { ok: true; details: MemberDetails } | { ok: false; fields: Partial<Record<keyof MemberFormValues, string>> } {
  const referredBy = values.referredBy.trim();
  // Only the form's own fields: the page's form holds more (the terms box).
  const parsed = memberDetailsSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: values.phoneNumber,
    addressLine1: values.addressLine1,
    suburb: values.suburb,
    stateProvince: values.stateProvince,
    postalCode: values.postalCode,
    profession: values.profession,
    dateOfBirth: values.dateOfBirth,
    gender: values.gender,
    maritalStatus: values.maritalStatus,
    email: sessionEmail,
    referredBy: referredBy === '' ? undefined : referredBy,
    passport: documents.passport,
    supportingDocuments: documents.supportingDocuments,
  });
  if (parsed.success) return { ok: true, details: parsed.data };
  const fields: Partial<Record<keyof MemberFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in fields)) fields[field as keyof MemberFormValues] = issue.message;
  }
  return { ok: false, fields };
}

/** The form's field messages (empty when it can be sent), by the server's rules. */
export function memberFormErrors(values: MemberFormValues, sessionEmail: string): Partial<Record<keyof MemberFormValues, string>> {
  const result = memberDetails(values, { passport: null, supportingDocuments: [] }, sessionEmail);
  return result.ok ? {} : result.fields;
}

/** The banner over a form that cannot be sent: §5's list of missing fields, or a pointer to the marked ones. */
export const CORRECT_FIELDS_TEXT = 'Please correct the highlighted fields.';
export function invalidFormMessage(values: MemberFormValues): string {
  return requiredFieldsMessage(values) ?? CORRECT_FIELDS_TEXT;
}
