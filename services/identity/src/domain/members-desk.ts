/**
 * The members desk (issue 15): find members, a member's page, and the roll of Active members as CSV.
 * Read-only but for the export's audit entry (an export of personal data is recorded with its count).
 */
import {
  MEMBERS_EXPORT_COLUMNS,
  MEMBERSHIP_STATUSES,
  type MemberDetailAnswer,
  type MemberMembership,
  type MemberRow,
  type MembersAnswer,
  type MembersQuery,
} from '@tca/contracts';
import type { Db } from '../data-access/database.js';
import {
  activeRollPage,
  dependantsOfMemberships,
  memberAccount,
  membershipsOfMember,
  searchMemberships,
  statusChangesOf,
  type MemberSearchRow,
} from '../data-access/member-search-repository.js';
import { recordAudit, type Actor } from './audit.js';
import { CSV_BOM, csvLine, type Pool } from '@tca/service-kit';

type ShownStatus = (typeof MEMBERSHIP_STATUSES)[number];

function shownStatus(value: string): ShownStatus {
  const found = MEMBERSHIP_STATUSES.find((s) => s === value);
  if (!found) throw new Error(`membership status ${value} is not one the contracts know`);
  return found;
}

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

function rowOf(row: MemberSearchRow): MemberRow {
  return {
    userId: String(row.user_id),
    requestId: row.request_id,
    name: fullName(row),
    email: row.email,
    phone: row.phone,
    level: row.membership_name,
    term: row.term,
    status: shownStatus(row.status),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    createdAt: row.created_at.toISOString(),
  };
}

/** Adds `n` to `counts[key]`. */
function add(counts: Record<string, number>, key: string, n: number): void {
  counts[key] = (counts[key] ?? 0) + n;
}

/** A page of the desk: rows by name, the total, and each facet counted over every filter but its own. */
export async function membersPage(db: Db, query: MembersQuery, defaultPageSize: number): Promise<MembersAnswer> {
  const page = query.page ?? 1;
  const pageSize = query.limit ?? defaultPageSize;
  const found = await searchMemberships(db, query, { offset: (page - 1) * pageSize, limit: pageSize });
  const levels: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  let total = 0;
  for (const { level, status, n } of found.groups) {
    const levelMatches = query.level === undefined || query.level === level;
    const statusMatches = query.status === undefined || query.status === status;
    if (statusMatches) add(levels, level, n);
    if (levelMatches) add(statuses, status, n);
    if (levelMatches && statusMatches) total += n;
  }
  return { members: found.rows.map(rowOf), total, page, pageSize, counts: { levels, statuses } };
}

/** The member's page: the account (no secrets), every membership with its status history and dependants; undefined when there is no such account. */
export async function memberDetail(db: Db, userId: number): Promise<MemberDetailAnswer | undefined> {
  const account = await memberAccount(db, userId);
  if (!account) return undefined;
  const memberships = await membershipsOfMember(db, userId);
  const ids = memberships.map((m) => m.id);
  const [changes, dependants] = await Promise.all([statusChangesOf(db, ids), dependantsOfMemberships(db, ids)]);
  const shown: MemberMembership[] = memberships.map((m) => {
    const recorded = changes.filter((c) => c.membership_id === m.id);
    // The status it was created with: the first recorded change's from-status, or (nothing recorded) the stored one
    // (not the shown one: an Active membership past its end shows Expired, but it was created Active).
    const createdAs = recorded[0]?.from_status ?? m.stored_status;
    return {
      requestId: m.request_id,
      level: m.membership_name,
      term: m.term,
      status: shownStatus(m.status),
      startsOn: m.starts_on,
      endsOn: m.ends_on,
      createdAt: m.created_at.toISOString(),
      amountTotal: m.amount_total,
      currency: m.currency,
      name: fullName(m),
      email: m.email,
      phone: m.phone,
      address: m.address,
      history: [
        { at: m.created_at.toISOString(), fromStatus: null, toStatus: createdAs, event: 'requested', by: null, reason: null },
        ...recorded.map((c) => ({ at: c.decided_at.toISOString(), fromStatus: c.from_status, toStatus: c.to_status, event: c.decision, by: c.decided_by, reason: c.reason })),
      ],
      dependants: dependants.filter((d) => d.membership_id === m.id).map((d) => ({ relation: d.relation, name: d.name, age: d.age })),
    };
  });
  return {
    account: {
      userId: String(account.id),
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      phoneNumber: account.phone_number,
      createdAt: account.created_at.toISOString(),
    },
    memberships: shown,
  };
}

/** Rows per keyset page of the export. */
export const ROLL_PAGE_SIZE = 500;

/**
 * Writes the roll (Active memberships by name: name, e-mail, phone, level, start, end) as CSV to `write`,
 * page by page from one read-only snapshot, so memory stays flat at any size; `write` resolves when the
 * chunk may be followed (backpressure). Records "members_exported" with how many rows were written,
 * whether or not the transfer completed. Resolves to that count.
 */
export async function exportRoll(pool: Pool, actor: Actor, write: (chunk: string) => Promise<void>): Promise<number> {
  let count = 0;
  let complete = false;
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await write(CSV_BOM + csvLine(MEMBERS_EXPORT_COLUMNS));
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await activeRollPage(client, after, ROLL_PAGE_SIZE);
      if (rows.length === 0) break;
      await write(rows.map((r) => csvLine([fullName(r), r.email, r.phone, r.membership_name, r.starts_on ?? '', r.ends_on ?? ''])).join(''));
      count += rows.length;
      const last = rows[rows.length - 1] as (typeof rows)[number];
      after = { key: last.key, id: last.id };
    }
    await client.query('COMMIT');
    complete = true;
  } finally {
    if (!complete) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await recordAudit(pool, actor, 'members_exported', null, `${count} Active member${count === 1 ? '' : 's'} exported as CSV${complete ? '' : ' (interrupted)'}`);
  }
  return count;
}
