import type { AccountUser } from '@tca/contracts';
import { ConflictError } from '@tca/service-kit';
import { insertUser, type NewUser, type UserRow } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import { assertNotCommonPassword } from './common-passwords.js';
import { hashPassword } from './secrets.js';

export type { UserRow } from '../data-access/account-repository.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Log in, or reset your password if you have forgotten it.';

/** The account as the API shows it (spec §7 login `user`); never the password hash. */
export function accountUser(row: UserRow): AccountUser {
  return { id: String(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, phoneNumber: row.phone_number, language: row.language };
}

/** E-mail addresses are compared without regard to case (users_email_key is a unique index on lower(email)). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Creates an account (its password hashed; 400 when it is a common one); 409 email_taken when the e-mail (in any case) has one already. */
export async function registerAccount(db: Db, input: Omit<NewUser, 'passwordHash'> & { password: string }): Promise<UserRow> {
  await assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(db, { email: input.email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, passwordHash, language: input.language });
  if (!user) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'email_taken');
  return user;
}
