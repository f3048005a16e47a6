import type { SiteLang } from '@tca/service-kit';
import type { Db } from './database.js';

/** The `users` table: one row per account. */
export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  password_hash: string;
  terms_accepted_at: Date;
  created_at: Date;
  /** The member's language (migration 010): their interface and their e-mails. */
  language: SiteLang;
}

export const USER_COLUMNS = 'id, email, first_name, last_name, phone_number, password_hash, terms_accepted_at, created_at, language';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
  return rows[0];
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0];
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  return rowCount !== 0;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  passwordHash: string;
  /** Default English. */
  language?: SiteLang;
}

/** Creates the account; undefined when the e-mail (in any case) already has one. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name, phone_number, password_hash, terms_accepted_at, language)
     VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email.trim(), user.firstName, user.lastName, user.phoneNumber, user.passwordHash, user.language ?? 'en'],
  );
  return rows[0];
}

/** Who a password change is about (to tell them, in their language). */
export interface ChangedUser {
  id: number;
  email: string;
  first_name: string;
  language: SiteLang;
}

/** The member's language (their e-mails'); English when there is no such user. */
export async function userLanguage(db: Db, userId: number): Promise<SiteLang> {
  const { rows } = await db.query<{ language: SiteLang }>('SELECT language FROM users WHERE id = $1', [userId]);
  return rows[0]?.language ?? 'en';
}

/** Stores the member's language; false when there is no such user. */
export async function updateUserLanguage(db: Db, userId: number, language: SiteLang): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET language = $2 WHERE id = $1', [userId, language]);
  return rowCount !== 0;
}

/** Stores a new password hash; undefined when there is no such user. */
/** Sets a user's password hash; with `expectedHash`, only while the stored hash is still that one (else undefined). */
export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, expectedHash?: string): Promise<ChangedUser | undefined> {
  const { rows } =
    expectedHash === undefined
      ? await db.query<ChangedUser>(`UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING id, email, first_name, language`, [userId, passwordHash])
      : await db.query<ChangedUser>(`UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3 RETURNING id, email, first_name, language`, [userId, passwordHash, expectedHash]);
  return rows[0];
}
