import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Passwords and tokens. Passwords: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), stored
 * as the PHC string. Tokens (sessions, reset links): 32 random bytes, base64url, of which only the
 * SHA-256 is stored, so a copy of the database holds nothing a visitor could use.
 */

/** Algorithm.Argon2id: the package's enum is an ambient const enum, which isolatedModules cannot inline. */
const ARGON2ID: Algorithm = 2;
export const ARGON2_OPTIONS: Readonly<Options> = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (no such account) it checks against a dummy hash
 * of the same cost and answers false, so an answer takes as long whether or not the account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

const TOKEN_BYTES = 32;
/** What newToken() makes: 43 base64url characters. Anything else is not a token of ours and is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export function isTokenShaped(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
