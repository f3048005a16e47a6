import type { MemberDetails, MembershipTerm } from '@tca/contracts';
import type { Db } from './database.js';

/** The `memberships` table: one row per membership request (a paid checkout), with its period and status. */

/** Membership periods, "today" and request references follow Adelaide's calendar. */
export const MEMBERSHIP_TIME_ZONE = 'Australia/Adelaide';

/** Adelaide's date at `$n` (a timestamptz parameter), or now. */
export function adelaideDateSql(param?: string): string {
  return `((${param ? `${param}::timestamptz` : 'now()'}) AT TIME ZONE '${MEMBERSHIP_TIME_ZONE}')::date`;
}

/**
 * The day an annual membership has ended (valid while today < this), for a row aliased `m`: its `ends_on`,
 * or for rows stored before periods were recorded, a year from the day it was created (as the profile counts).
 * NULL for life-time levels.
 */
export const END_SQL = `(CASE WHEN m.term = 'annual' THEN COALESCE(m.ends_on, ((m.created_at AT TIME ZONE '${MEMBERSHIP_TIME_ZONE}')::date + interval '1 year')::date) END)`;

/**
 * The status to show: an Active or Current annual membership whose end has passed is Expired (computed, so
 * nobody has to run anything at midnight for the profile to turn red and eligibility to allow buying again).
 */
export function statusSql(today = adelaideDateSql()): string {
  return `(CASE WHEN m.status IN ('Active', 'Current') AND m.term = 'annual' AND ${END_SQL} <= ${today} THEN 'Expired' ELSE m.status END)`;
}

export const MEMBERSHIP_COLUMNS = `m.id, m.user_id, m.request_id, m.membership_name, m.term, ${statusSql()} AS status, m.status AS stored_status,
  m.first_name, m.last_name, m.email, m.phone, m.address, m.profession, m.date_of_birth, m.created_at,
  m.starts_on, ${END_SQL} AS ends_on, m.checkout_session_id`;

export interface MembershipRow {
  id: number;
  user_id: number;
  request_id: string;
  membership_name: string;
  term: MembershipTerm;
  /** As shown (Expired computed). */
  status: string;
  /** As stored. */
  stored_status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  profession: string;
  date_of_birth: string | null;
  created_at: Date;
  starts_on: string | null;
  /** Effective end of an annual membership ('YYYY-MM-DD', exclusive); null for life-time. */
  ends_on: string | null;
  checkout_session_id: string | null;
}

/** A member's records, newest first, with Expired computed. */
export async function membershipsOfUser(db: Db, userId: number): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC`, [userId]);
  return rows;
}

export async function membershipByRequestId(db: Db, requestId: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m WHERE m.request_id = $1`, [requestId]);
  return rows[0];
}

/** The newest record a paid checkout created for this user and level. */
export async function newestPaidMembership(db: Db, userId: number, level: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m
      WHERE m.user_id = $1 AND m.membership_name = $2 AND m.checkout_session_id IS NOT NULL
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1`,
    [userId, level],
  );
  return rows[0];
}

/** The status (as shown) and, for annual levels, the days left of each of the user's records of this level. */
export async function levelStatusesOfUser(db: Db, userId: number, level: string): Promise<Array<{ status: string; days_left: number | null }>> {
  const { rows } = await db.query<{ status: string; days_left: number | null }>(
    `SELECT ${statusSql()} AS status, (${END_SQL} - ${adelaideDateSql()}) AS days_left
       FROM memberships m WHERE m.user_id = $1 AND m.membership_name = $2`,
    [userId, level],
  );
  return rows;
}

/** Serialises the creation of one user's memberships until the transaction ends. */
export async function lockMembershipCreation(db: Db, userId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('identity.membership-create'), $1)`, [userId]);
}

export interface CreatedMembershipRow {
  request_id: string;
  status: string;
  membership_name: string;
}

/** The membership a checkout session created, if it did. */
export async function membershipOfCheckout(db: Db, checkoutSessionId: string): Promise<CreatedMembershipRow | undefined> {
  const { rows } = await db.query<CreatedMembershipRow>('SELECT request_id, status, membership_name FROM memberships WHERE checkout_session_id = $1', [checkoutSessionId]);
  return rows[0];
}

/**
 * The day a new annual membership of this level starts: today (Adelaide), or when the user's latest
 * unexpired Active or Current one of the level ends, whichever is later.
 */
export async function annualStartDate(db: Db, userId: number, level: string): Promise<string | null> {
  const { rows } = await db.query<{ starts_on: string }>(
    `SELECT GREATEST(${adelaideDateSql()}, COALESCE(max(${END_SQL}), ${adelaideDateSql()})) AS starts_on
       FROM memberships m
      WHERE m.user_id = $1 AND m.membership_name = $2 AND m.status IN ('Active', 'Current') AND ${statusSql()} <> 'Expired'`,
    [userId, level],
  );
  return rows[0]?.starts_on ?? null;
}

export interface NewMembership {
  userId: number;
  membershipName: string;
  term: MembershipTerm;
  status: 'Active' | 'Pending';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  profession: string;
  dateOfBirth: MemberDetails['dateOfBirth'];
  checkoutSessionId: string;
  /** Stored as JSON, as submitted. */
  details: MemberDetails;
  startsOn: string | null;
  amountTotal: number;
  currency: string;
}

/**
 * Inserts the membership with the next request ID (`M-<year in Adelaide>-<at least 6 digits>`); undefined
 * when this checkout session's membership exists already. An annual one ends a year after it starts.
 */
export async function insertMembership(db: Db, m: NewMembership): Promise<CreatedMembershipRow | undefined> {
  const { rows } = await db.query<CreatedMembershipRow>(
    `WITH n AS (SELECT nextval('membership_request_seq') AS v)
     INSERT INTO memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, phone, address, profession,
                              date_of_birth, checkout_session_id, details, starts_on, ends_on, amount_total, currency)
     SELECT $1, 'M-' || to_char(now() AT TIME ZONE '${MEMBERSHIP_TIME_ZONE}', 'YYYY') || '-' || CASE WHEN n.v < 1000000 THEN lpad(n.v::text, 6, '0') ELSE n.v::text END,
            $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12, $13::jsonb, $14::date, ($14::date + interval '1 year')::date, $15, $16
       FROM n
     ON CONFLICT (checkout_session_id) DO NOTHING
     RETURNING request_id, status, membership_name`,
    [
      m.userId,
      m.membershipName,
      m.term,
      m.status,
      m.firstName,
      m.lastName,
      m.email,
      m.phone,
      m.address,
      m.profession,
      m.dateOfBirth,
      m.checkoutSessionId,
      JSON.stringify(m.details),
      m.startsOn,
      m.amountTotal,
      m.currency,
    ],
  );
  return rows[0];
}

/** Locks a membership (by request ID) for the rest of the transaction: its id, owner and level. */
export async function lockMembershipOwner(db: Db, requestId: string): Promise<{ id: number; user_id: number; membership_name: string } | undefined> {
  const { rows } = await db.query<{ id: number; user_id: number; membership_name: string }>(
    'SELECT id, user_id, membership_name FROM memberships WHERE request_id = $1 FOR UPDATE',
    [requestId],
  );
  return rows[0];
}

/** Every membership with its number of dependants, oldest first, optionally only those with this status as shown. */
export type ListedMembershipRow = MembershipRow & { dependants: number };

/** Every membership with its number of dependants and the status as shown, as a subquery named `listed`. */
const LISTED_SQL = `(SELECT ${MEMBERSHIP_COLUMNS}, (SELECT count(*) FROM membership_dependants d WHERE d.membership_id = m.id)::int AS dependants
   FROM memberships m) listed`;

export async function listMembershipsWithDependants(db: Db, status: string | undefined): Promise<ListedMembershipRow[]> {
  const { rows } = await db.query<ListedMembershipRow>(`SELECT * FROM ${LISTED_SQL} WHERE $1::text IS NULL OR status = $1 ORDER BY created_at, id`, [status ?? null]);
  return rows;
}

export interface MembershipListPage {
  rows: ListedMembershipRow[];
  /** How many match the status filter. */
  total: number;
  /** How many are Pending, whatever the filter. */
  pending: number;
}

/**
 * One page of memberships (the staff members desk): with a status, those oldest first; without, Pending
 * ones first (oldest first: the queue to decide), then the rest newest first.
 */
export async function pageOfMemberships(db: Db, filter: { status: string | undefined; offset: number; limit: number }): Promise<MembershipListPage> {
  const { rows } = await db.query<ListedMembershipRow & { total: number; pending: number }>(
    `SELECT listed.*, count(*) OVER ()::int AS total, (SELECT count(*) FROM memberships p WHERE p.status = 'Pending')::int AS pending
       FROM ${LISTED_SQL}
      WHERE $1::text IS NULL OR status = $1
      ORDER BY (status = 'Pending') DESC,
               CASE WHEN $1::text IS NOT NULL OR status = 'Pending' THEN extract(epoch FROM created_at) ELSE -extract(epoch FROM created_at) END,
               id
      OFFSET $2 LIMIT $3`,
    [filter.status ?? null, filter.offset, filter.limit],
  );
  if (rows.length > 0) {
    const first = rows[0] as { total: number; pending: number };
    return { rows, total: first.total, pending: first.pending };
  }
  // Past the last page (or nothing matches): the counts without rows.
  const counts = await db.query<{ total: number; pending: number }>(
    `SELECT (SELECT count(*) FROM ${LISTED_SQL} WHERE $1::text IS NULL OR status = $1)::int AS total,
            (SELECT count(*) FROM memberships p WHERE p.status = 'Pending')::int AS pending`,
    [filter.status ?? null],
  );
  const { total, pending } = counts.rows[0] ?? { total: 0, pending: 0 };
  return { rows: [], total, pending };
}

/** One membership by its request ID, with its dependants counted and the status as shown. */
export async function findListedMembership(db: Db, requestId: string): Promise<ListedMembershipRow | undefined> {
  const { rows } = await db.query<ListedMembershipRow>(`SELECT * FROM ${LISTED_SQL} WHERE request_id = $1`, [requestId]);
  return rows[0];
}

/** Locks the membership with this request ID for the rest of the transaction. */
export async function lockMembershipByRequestId(db: Db, requestId: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m WHERE m.request_id = $1 FOR UPDATE OF m`, [requestId]);
  return rows[0];
}

/** Locks the Pending memberships of an account e-mail (or with that e-mail in their details), oldest first. */
export async function lockPendingMembershipsByEmail(db: Db, email: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.status = 'Pending' AND (lower(u.email) = lower($1) OR lower(m.email) = lower($1))
      ORDER BY m.created_at, m.id FOR UPDATE OF m`,
    [email],
  );
  return rows;
}

export async function updateMembershipStatus(db: Db, membershipId: number, status: string): Promise<void> {
  await db.query('UPDATE memberships SET status = $2 WHERE id = $1', [membershipId, status]);
}
