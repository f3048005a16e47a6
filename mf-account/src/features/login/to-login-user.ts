import type { AccountUser, LoginUser } from '@tca/contracts';
import { phoneCountryCode } from '../../shared/phone.js';

/**
 * The login user the browser keeps (spec §3) from the identity service's user: `phone` is the
 * stored phoneNumber (61412345678), `phoneCountry` its calling code (+61), or +91 when it cannot
 * be told. The token is kept under its own key, not inside the user.
 */
export function toLoginUser(user: AccountUser): LoginUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phoneNumber,
    phoneCountry: phoneCountryCode(user.phoneNumber),
    // The account's language (issue 17): the shell's lang-sync applies it when the session is stored.
    ...(user.language ? { language: user.language } : {}),
  };
}
