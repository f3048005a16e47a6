import type { Db } from './database.js';
import { adelaideDateSql, END_SQL, statusSql } from './membership-repository.js';

/**
 * The members desk's queries on `memberships` (issue 15): a page of rows by name, the facet counts, and the
 * roll of Active members in keyset pages. Every filter is written so that its index (migration 007, and
 * 002's memberships_ends_on_idx) can answer it: members-search-plans.test.ts checks each plan with EXPLAIN
 * on 50,000 generated members. They compare `m.ends_on` itself, which 007 filled for the rows stored before
 * periods were (END_SQL's fallback).
 */

export interface MemberSearchFilter {
  q?: string | undefined;
  level?: string | undefined;
  /** As the member sees it (Expired computed). */
  status?: string | undefined;
  endsWithinDays?: number | undefined;
}

const TODAY = adelaideDateSql();
/** The desk's order and the indexes' key (007). */
const NAME_SQL = `lower(m.first_name || ' ' || m.last_name)`;
/** What the search matches (007's trigram index). */
const SEARCH_SQL = `lower(m.first_name || ' ' || m.last_name || ' ' || m.email)`;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The status as shown, as a condition on stored columns (so the status index serves it). */
function statusCondition(status: string, param: (value: unknown) => string): string {
  switch (status) {
    case 'Active':
    case 'Current':
      return `m.status = ${param(status)} AND (m.term <> 'annual' OR m.ends_on > ${TODAY})`;
    case 'Expired':
      return `m.status IN ('Active', 'Current') AND m.term = 'annual' AND m.ends_on <= ${TODAY}`;
    default:
      return `m.status = ${param(status)}`;
  }
}

/** The WHERE clause and values for the filters; `facets: false` leaves level and status out (the counts). */
function whereOf(filter: MemberSearchFilter, facets: boolean): { with: string; where: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const parts: string[] = [];
  // The search's matches come from the trigram index first (a materialised CTE, SEARCH_HITS), whatever
  // the planner guesses of a pattern's selectivity: otherwise it may walk the name index filtering every
  // row until a page is full, which reads the whole table for a rare name.
  if (filter.q !== undefined) parts.push(`m.id IN (SELECT id FROM search_hits)`);
  if (filter.endsWithinDays !== undefined) {
    parts.push(`m.term = 'annual' AND m.status IN ('Active', 'Current') AND m.ends_on > ${TODAY} AND m.ends_on <= ${TODAY} + ${param(filter.endsWithinDays)}::int`);
  }
  if (facets && filter.level !== undefined) parts.push(`m.membership_name = ${param(filter.level)}`);
  if (facets && filter.status !== undefined) parts.push(statusCondition(filter.status, param));
  const where = parts.length > 0 ? `WHERE ${parts.map((p) => `(${p})`).join(' AND ')}` : '';
  const hits = filter.q === undefined ? '' : `WITH search_hits AS MATERIALIZED (SELECT id FROM memberships m WHERE ${SEARCH_SQL} LIKE lower(${param(containsPattern(filter.q))})) `;
  return { with: hits, where, values };
}

export interface MemberSearchRow {
  user_id: number;
  request_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  membership_name: string;
  term: 'annual' | 'life-time';
  status: string;
  starts_on: string | null;
  ends_on: string | null;
  created_at: Date;
}

const ROW_COLUMNS = `m.user_id, m.request_id, m.first_name, m.last_name, m.email, m.phone, m.membership_name, m.term,
  ${statusSql(TODAY)} AS status, m.starts_on, ${END_SQL} AS ends_on, m.created_at`;

/**
 * By name; but memberships ending within N days soonest first, and Expired ones most recently ended first
 * (the order an officer chasing renewals wants, and the one memberships_ends_on_idx gives).
 */
function orderOf(filter: MemberSearchFilter): string {
  if (filter.endsWithinDays !== undefined) return `m.ends_on, ${NAME_SQL}, m.id`;
  if (filter.status === 'Expired') return `m.ends_on DESC, ${NAME_SQL}, m.id`;
  return `${NAME_SQL}, m.id`;
}

/** The statements the search runs (exported for the EXPLAIN test). */
export function memberSearchQueries(filter: MemberSearchFilter, page: { offset: number; limit: number }) {
  const rows = whereOf(filter, true);
  const n = rows.values.length;
  const counts = whereOf(filter, false);
  return {
    rows: {
      text: `${rows.with}SELECT ${ROW_COLUMNS} FROM memberships m ${rows.where} ORDER BY ${orderOf(filter)} OFFSET $${n + 1} LIMIT $${n + 2}`,
      values: [...rows.values, page.offset, page.limit],
    },
    counts: {
      text: `${counts.with}SELECT m.membership_name AS level, ${statusSql(TODAY)} AS status, count(*)::int AS n FROM memberships m ${counts.where} GROUP BY 1, 2`,
      values: counts.values,
    },
  };
}

export interface MemberSearchResult {
  rows: MemberSearchRow[];
  /** How many memberships of each level and shown status match the search and "ends within" (not the facets). */
  groups: Array<{ level: string; status: string; n: number }>;
}

export async function searchMemberships(db: Db, filter: MemberSearchFilter, page: { offset: number; limit: number }): Promise<MemberSearchResult> {
  const queries = memberSearchQueries(filter, page);
  const [rows, groups] = await Promise.all([db.query<MemberSearchRow>(queries.rows), db.query<{ level: string; status: string; n: number }>(queries.counts)]);
  return { rows: rows.rows, groups: groups.rows };
}

/** The next keyset page of the roll (Active memberships by name), after `after` (the last row's name key and id). */
export async function activeRollPage(db: Db, after: { key: string; id: number } | null, limit: number): Promise<Array<MemberSearchRow & { key: string; id: number }>> {
  const { rows } = await db.query<MemberSearchRow & { key: string; id: number }>(
    `SELECT ${ROW_COLUMNS}, ${NAME_SQL} AS key, m.id FROM memberships m
      WHERE ${statusCondition('Active', () => "'Active'")} AND ($1::text IS NULL OR (${NAME_SQL}, m.id) > ($1::text, $2::int))
      ORDER BY ${NAME_SQL}, m.id LIMIT $3`,
    [after?.key ?? null, after?.id ?? null, limit],
  );
  return rows;
}

export interface MemberAccountRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  created_at: Date;
}

/** The account, without its password hash (nor anything secret: those live in other tables). */
export async function memberAccount(db: Db, userId: number): Promise<MemberAccountRow | undefined> {
  const { rows } = await db.query<MemberAccountRow>('SELECT id, email, first_name, last_name, phone_number, created_at FROM users WHERE id = $1', [userId]);
  return rows[0];
}

export interface MemberMembershipRow extends MemberSearchRow {
  id: number;
  /** As stored (`status` is as shown, Expired computed). */
  stored_status: string;
  address: string;
  amount_total: number | null;
  currency: string | null;
}

/** Every membership of the account, newest first. */
export async function membershipsOfMember(db: Db, userId: number): Promise<MemberMembershipRow[]> {
  const { rows } = await db.query<MemberMembershipRow>(
    `SELECT ${ROW_COLUMNS}, m.id, m.status AS stored_status, m.address, m.amount_total, m.currency FROM memberships m WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC`,
    [userId],
  );
  return rows;
}

export interface StatusChangeRow {
  membership_id: number;
  decision: string;
  from_status: string;
  to_status: string;
  reason: string | null;
  decided_by: string;
  decided_at: Date;
}

/** The recorded status changes (membership_decisions) of these memberships, oldest first. */
export async function statusChangesOf(db: Db, membershipIds: number[]): Promise<StatusChangeRow[]> {
  const { rows } = await db.query<StatusChangeRow>(
    `SELECT membership_id, decision, from_status, to_status, reason, decided_by, decided_at FROM membership_decisions
      WHERE membership_id = ANY($1::int[]) ORDER BY decided_at, id`,
    [membershipIds],
  );
  return rows;
}

export interface DependantRow {
  membership_id: number;
  relation: 'spouse' | 'child';
  name: string;
  age: number;
}

/** The dependants of these memberships, spouse first, then children in the form's order. */
export async function dependantsOfMemberships(db: Db, membershipIds: number[]): Promise<DependantRow[]> {
  const { rows } = await db.query<DependantRow>(
    `SELECT membership_id, relation, name, age FROM membership_dependants WHERE membership_id = ANY($1::int[]) ORDER BY membership_id, relation DESC, position`,
    [membershipIds],
  );
  return rows;
}
