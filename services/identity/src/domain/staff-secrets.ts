import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tca/contracts';

/**
 * The secrets of two-factor sign-in. Authenticator secrets are stored encrypted (AES-256-GCM under
 * STAFF_SECRETS_KEY: 12-byte IV, 16-byte tag, then the ciphertext), so a copy of the database alone does
 * not let anyone make codes. Recovery codes are stored as SHA-256 only: 10 characters from 31 letters and
 * digits (about 50 bits each, single use, behind the rate limits), shown once.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function encryptSecret(key: Buffer, plain: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The secret; throws when the key is not the one it was encrypted with, or the bytes were changed. */
export function decryptSecret(key: Buffer, stored: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, IV_BYTES));
  decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** No 0/o, 1/l/i: easy to read back from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** A code as shown: `abcde-fghjk`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** The stored form of a recovery code, whatever its case, spaces or hyphen. */
export function recoveryCodeHash(code: string): Buffer {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest();
}
