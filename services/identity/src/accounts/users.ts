import type { AccountUser } from '@tca/contracts';
import type { PoolClient, Pool } from '@tca/service-kit';

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  password_hash: string;
  terms_accepted_at: Date;
  created_at: Date;
}

export const USER_COLUMNS = 'id, email, first_name, last_name, phone_number, password_hash, terms_accepted_at, created_at';

/** The account as the API shows it (spec §7 login `user`); never the password hash. */
export function accountUser(row: UserRow): AccountUser {
  return { id: String(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, phoneNumber: row.phone_number };
}

/** E-mail addresses are compared without regard to case (users_email_key is a unique index on lower(email)). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export async function findUserByEmail(db: Pool | PoolClient, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
  return rows[0];
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  passwordHash: string;
}

/** Creates the account; undefined when the e-mail (in any case) already has one. */
export async function insertUser(db: Pool | PoolClient, user: NewUser): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name, phone_number, password_hash, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email.trim(), user.firstName, user.lastName, user.phoneNumber, user.passwordHash],
  );
  return rows[0];
}
