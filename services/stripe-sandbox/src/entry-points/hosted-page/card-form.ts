/** The hosted page's card form: what was posted, checked, and what the test card means. */

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export const FIELD_IDS = { email: 'email', cardNumber: 'cardnumber', expiry: 'cardexpiry', cvc: 'cardcvc', name: 'billingname' } as const;
export type CardField = keyof typeof FIELD_IDS;

export interface CardFormValues {
  email: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardFormResult =
  | { outcome: 'invalid'; errors: Partial<Record<CardField, string>>; values: CardFormValues }
  | { outcome: 'declined'; values: CardFormValues }
  | { outcome: 'paid'; email: string; name: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
}

export function formValues(body: Record<string, unknown>): CardFormValues {
  return { email: text(body, 'email'), cardNumber: text(body, 'cardnumber'), expiry: text(body, 'cardexpiry'), cvc: text(body, 'cardcvc'), name: text(body, 'billingname') };
}

function expiryProblem(value: string, now: Date): string | undefined {
  if (value === '') return 'Your card’s expiration date is incomplete.';
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value);
  if (!match) return 'Your card’s expiration date is incomplete.';
  const month = Number(match[1]);
  const year = (match[2] ?? '').length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'Your card’s expiration month is invalid.';
  // Valid through the last day of its month.
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'Your card’s expiration date is in the past.';
  if (year > now.getUTCFullYear() + 50) return 'Your card’s expiration year is invalid.';
  return undefined;
}

/**
 * Checks the posted form. With `fixedEmail` (the session's customer_email) the e-mail field is not asked.
 * 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, any other number is invalid.
 */
export function checkCardForm(body: Record<string, unknown>, fixedEmail: string | null, now = new Date()): CardFormResult {
  const values = formValues(body);
  if (fixedEmail) values.email = fixedEmail;
  const errors: Partial<Record<CardField, string>> = {};
  if (values.email === '') errors.email = 'Your email is incomplete.';
  else if (!EMAIL.test(values.email)) errors.email = 'Your email address is invalid.';

  const digits = values.cardNumber.replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = 'Your card number is incomplete.';
  else if (digits !== PAYING_CARD && digits !== DECLINED_CARD) errors.cardNumber = 'Your card number is invalid.';

  const expiry = expiryProblem(values.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'Your card’s security code is incomplete.';
  if (values.name === '') errors.name = 'Enter the name on your card.';

  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors, values };
  if (digits === DECLINED_CARD) return { outcome: 'declined', values };
  return { outcome: 'paid', email: values.email, name: values.name };
}
