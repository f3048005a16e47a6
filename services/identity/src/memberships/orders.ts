import {
  membershipLevel,
  SUBMISSION_NOT_ALLOWED,
  type createMembershipRequestSchema,
  type DependantsRequest,
  type EligibilityAnswer,
  type MemberDetails,
  type MembershipLevelName,
} from '@tca/contracts';
import { AppError, NotFoundError, ValidationError, withTransaction, type Pool } from '@tca/service-kit';
import type { z } from 'zod';
import { adelaideDateSql, END_SQL, MEMBERSHIP_COLUMNS, MEMBERSHIP_TIME_ZONE, statusSql, type Db, type MembershipRow } from './records.js';

/** A request reference: `M-<year in Adelaide>-<at least 6 digits>`. */
export const MEMBERSHIP_REQUEST_ID_PATTERN = /^M-\d{4}-\d{6,}$/;

/** A renewal bought this many days (or fewer) before the current membership ends starts when it ends; buying is allowed again then. */
export const RENEWAL_WINDOW_DAYS = 30;

export const ALREADY_ACTIVE_MESSAGE = 'You already have an active membership';
export const USER_NOT_FOUND_MESSAGE = 'There is no account with that user id.';

type CreateMembershipInput = z.output<typeof createMembershipRequestSchema>;

export interface CreatedMembership {
  requestId: string;
  status: string;
  membershipName: string;
  /** false: this checkout session had created it already (an earlier or concurrent call). */
  created: boolean;
}

/** Spec §3: line 1, suburb, state and postal code joined with commas. */
export function addressOf(details: MemberDetails): string {
  return [details.addressLine1, details.suburb, details.stateProvince, details.postalCode].join(', ');
}

/** A user id as the other services send it (the decimal id of the account). */
export function parseUserId(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

async function assertUserExists(db: Db, userId: number): Promise<void> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (rowCount === 0) throw new NotFoundError(USER_NOT_FOUND_MESSAGE, 'user_not_found');
}

const SELECT_CREATED = 'SELECT request_id, status, membership_name FROM memberships WHERE checkout_session_id = $1';

/**
 * Records the membership a paid Checkout Session bought (called by payments through POST /internal/memberships).
 * Idempotent per checkout session: the INSERT is `ON CONFLICT (checkout_session_id) DO NOTHING` and the row is
 * then read back, so any number of calls, even at once, create one record and all answer it. Calls for one
 * user are serialised (a transaction-scoped advisory lock) so that a renewal's start is computed from
 * committed records.
 *
 * Annual levels run a year from today (Adelaide), or, for a renewal bought while the same level is still
 * Active, from the day that one ends.
 */
export async function createMembershipFromCheckout(pool: Pool, input: CreateMembershipInput, options: { autoApprove: boolean }): Promise<CreatedMembership> {
  const userId = parseUserId(input.userId);
  if (userId === undefined) throw new ValidationError({ userId: 'Must be the id of an account' }, 'userId must be the id of an account.');
  const level = membershipLevel(input.membershipName);
  if (!level) throw new ValidationError({ membershipName: 'Unknown membership level' }, 'Unknown membership level.');
  return withTransaction(pool, async (client) => {
    await assertUserExists(client, userId);
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('identity.membership-create'), $1)`, [userId]);
    const existing = await client.query<{ request_id: string; status: string; membership_name: string }>(SELECT_CREATED, [input.checkoutSessionId]);
    if (existing.rows[0]) return { requestId: existing.rows[0].request_id, status: existing.rows[0].status, membershipName: existing.rows[0].membership_name, created: false };

    let startsOn: string | null = null;
    if (level.term === 'annual') {
      const { rows } = await client.query<{ starts_on: string }>(
        `SELECT GREATEST(${adelaideDateSql()}, COALESCE(max(${END_SQL}), ${adelaideDateSql()})) AS starts_on
           FROM memberships m
          WHERE m.user_id = $1 AND m.membership_name = $2 AND m.status IN ('Active', 'Current') AND ${statusSql()} <> 'Expired'`,
        [userId, level.name],
      );
      startsOn = rows[0]?.starts_on ?? null;
    }
    const details = input.details;
    const inserted = await client.query<{ request_id: string; status: string; membership_name: string }>(
      `WITH n AS (SELECT nextval('membership_request_seq') AS v)
       INSERT INTO memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, phone, address, profession,
                                date_of_birth, checkout_session_id, details, starts_on, ends_on, amount_total, currency)
       SELECT $1, 'M-' || to_char(now() AT TIME ZONE '${MEMBERSHIP_TIME_ZONE}', 'YYYY') || '-' || CASE WHEN n.v < 1000000 THEN lpad(n.v::text, 6, '0') ELSE n.v::text END,
              $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12, $13::jsonb, $14::date, ($14::date + interval '1 year')::date, $15, $16
         FROM n
       ON CONFLICT (checkout_session_id) DO NOTHING
       RETURNING request_id, status, membership_name`,
      [
        userId,
        level.name,
        level.term,
        options.autoApprove ? 'Active' : 'Pending',
        details.firstName,
        details.lastName,
        details.email,
        details.phoneNumber,
        addressOf(details),
        details.profession,
        details.dateOfBirth,
        input.checkoutSessionId,
        JSON.stringify(details),
        startsOn,
        input.amountTotal,
        input.currency.toLowerCase(),
      ],
    );
    const row = inserted.rows[0] ?? (await client.query<{ request_id: string; status: string; membership_name: string }>(SELECT_CREATED, [input.checkoutSessionId])).rows[0];
    if (!row) throw new Error(`membership for checkout session ${input.checkoutSessionId} was neither inserted nor found`);
    return { requestId: row.request_id, status: row.status, membershipName: row.membership_name, created: inserted.rows.length === 1 };
  });
}

/**
 * May this user start a checkout for this level? Not while they hold it Active outside its last
 * RENEWAL_WINDOW_DAYS days (life-time levels: ever), nor while a request for it is Pending or Current.
 */
export async function membershipEligibility(db: Db, userId: number, level: MembershipLevelName): Promise<EligibilityAnswer> {
  await assertUserExists(db, userId);
  const { rows } = await db.query<{ status: string; days_left: number | null }>(
    `SELECT ${statusSql()} AS status, (${END_SQL} - ${adelaideDateSql()}) AS days_left
       FROM memberships m WHERE m.user_id = $1 AND m.membership_name = $2`,
    [userId, level],
  );
  if (rows.some((row) => row.status === 'Active' && (row.days_left === null || row.days_left > RENEWAL_WINDOW_DAYS))) {
    return { allowed: false, reason: 'already_active', message: ALREADY_ACTIVE_MESSAGE };
  }
  if (rows.some((row) => row.status === 'Pending' || row.status === 'Current')) {
    return { allowed: false, reason: 'submission_not_allowed', message: SUBMISSION_NOT_ALLOWED.message };
  }
  return { allowed: true };
}

/** The newest record a paid checkout created for this user and level (what POST /membership/add answers). */
export async function paidMembership(db: Db, userId: number, level: MembershipLevelName): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships m
      WHERE m.user_id = $1 AND m.membership_name = $2 AND m.checkout_session_id IS NOT NULL
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1`,
    [userId, level],
  );
  return rows[0];
}

export const NOT_YOUR_MEMBERSHIP_MESSAGE = 'That membership belongs to another account.';
export const NOT_FAMILY_MESSAGE = 'Only Silver-Family and Gold-Family memberships have dependants.';
export const MEMBERSHIP_NOT_FOUND_MESSAGE = 'There is no membership with that request ID.';

export interface Dependant {
  relation: 'spouse' | 'child';
  name: string;
  age: number;
}

/**
 * Stores the spouse and children of the user's family membership `input.userId` (its request ID), replacing
 * what an earlier submission stored. 404 for an unknown request ID, 403 for another user's membership or a
 * level without dependants, 400 when membershipType is not the membership's level.
 */
export async function saveDependants(pool: Pool, userId: number, input: DependantsRequest): Promise<{ membershipId: number; saved: number }> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number; user_id: number; membership_name: string }>(
      'SELECT id, user_id, membership_name FROM memberships WHERE request_id = $1 FOR UPDATE',
      [input.userId],
    );
    const membership = rows[0];
    if (!membership) throw new NotFoundError(MEMBERSHIP_NOT_FOUND_MESSAGE, 'membership_not_found');
    if (membership.user_id !== userId) throw new AppError(403, 'forbidden', NOT_YOUR_MEMBERSHIP_MESSAGE);
    if (!membershipLevel(membership.membership_name)?.family) throw new AppError(403, 'not_family_membership', NOT_FAMILY_MESSAGE);
    if (input.membershipType !== membership.membership_name) {
      const message = `This membership is ${membership.membership_name}, not ${input.membershipType}.`;
      throw new ValidationError({ membershipType: message }, message);
    }
    await client.query('DELETE FROM membership_dependants WHERE membership_id = $1', [membership.id]);
    const people: Array<Dependant & { position: number }> = [
      ...(input.spouse ? [{ relation: 'spouse' as const, name: input.spouse.name.trim(), age: input.spouse.age, position: 0 }] : []),
      ...input.children.map((child, index) => ({ relation: 'child' as const, name: child.name.trim(), age: child.age, position: index + 1 })),
    ];
    for (const person of people) {
      await client.query('INSERT INTO membership_dependants (membership_id, relation, position, name, age) VALUES ($1, $2, $3, $4, $5)', [
        membership.id,
        person.relation,
        person.position,
        person.name,
        person.age,
      ]);
    }
    return { membershipId: membership.id, saved: people.length };
  });
}

/** The dependants stored for a membership, spouse first, then children in form order. */
export async function dependantsOf(db: Db, membershipId: number): Promise<Dependant[]> {
  const { rows } = await db.query<Dependant>(
    `SELECT relation, name, age FROM membership_dependants WHERE membership_id = $1 ORDER BY relation = 'child', position`,
    [membershipId],
  );
  return rows;
}
