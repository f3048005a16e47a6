import type { MembershipRecord, MembershipTerm } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

export type Db = Pool | PoolClient;

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

/** Spec §3 "Membership record from the server", with its field names (firstname, doB...). */
export function membershipRecord(row: MembershipRow): MembershipRecord {
  return {
    membershipName: row.membership_name,
    status: row.status,
    requestId: row.request_id,
    createdAt: row.created_at.toISOString(),
    doB: row.date_of_birth,
    firstname: row.first_name,
    lastname: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    profession: row.profession,
    term: row.term,
  };
}

/** A member's records, newest first (the profile shows the first), with Expired computed. */
export async function membershipsOf(db: Db, userId: number): Promise<MembershipRecord[]> {
  const { rows } = await db.query<MembershipRow>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC`, [userId]);
  return rows.map(membershipRecord);
}

export async function membershipByRequestId(db: Db, requestId: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m WHERE m.request_id = $1`, [requestId]);
  return rows[0];
}
