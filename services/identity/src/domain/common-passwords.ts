import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from '@tca/contracts';
import { ValidationError } from '@tca/service-kit';
import { readCommonPasswords } from '../data-access/common-password-list.js';

/** How many of the most common passwords a new password is checked against (ASVS 2.1.7: at least the top 100,000). */
export const COMMON_PASSWORDS_CHECKED = 100_000;

let list: Promise<ReadonlySet<string>> | undefined;

/** The list, read once (about 0.15 s; the service reads it at start, so a missing list stops the start). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= readCommonPasswords(COMMON_PASSWORDS_CHECKED, PASSWORD_MIN_LENGTH);
  return list;
}

/**
 * 400 validation_failed on `field` when the password, ignoring case, is one of the most common passwords:
 * `P@ssw0rd` passes the composition rules and is the 15,407th most common password.
 */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if ((await commonPasswords()).has(password.toLowerCase())) throw new ValidationError({ [field]: COMMON_PASSWORD_MESSAGE }, COMMON_PASSWORD_MESSAGE);
}
