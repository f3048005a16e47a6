import { registerAnswerSchema, type RegisterRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { toStoredPhone } from '../../../shared/phone.js';
import type { RegisterFormValues } from '../register-form-schema.js';

/** The request the identity service takes, from the form: the phone in its stored form (61412345678). */
export function registerRequest(form: RegisterFormValues): RegisterRequest | null {
  const phoneNumber = toStoredPhone(form.phone, form.phoneCountry);
  if (!phoneNumber) return null;
  return { firstName: form.firstName, lastName: form.lastName, email: form.email, phoneNumber, password: form.password, termsAccepted: true };
}

/** POST /auth/register: creates the account (the member logs in afterwards). */
export function registerAccount(request: RegisterRequest) {
  return callApi('/auth/register', { body: request, answer: registerAnswerSchema });
}
