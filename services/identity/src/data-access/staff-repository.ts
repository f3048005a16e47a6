import type { StaffRole } from '@tca/contracts';
import type { Db } from './database.js';

/** `staff_roles` and `staff_invitations`. */

export async function rolesOf(db: Db, userId: number): Promise<StaffRole[]> {
  const { rows } = await db.query<{ role: StaffRole }>(
    `SELECT role FROM staff_roles WHERE user_id = $1
      ORDER BY array_position(ARRAY['owner', 'editor', 'membership_officer', 'treasurer', 'support'], role)`,
    [userId],
  );
  return rows.map((row) => row.role);
}

export interface StaffMemberRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: StaffRole[];
  enrolled: boolean;
  since: Date;
}

const STAFF_MEMBER_SELECT = `
  SELECT u.id, u.email, u.first_name, u.last_name,
         array_agg(r.role ORDER BY array_position(ARRAY['owner', 'editor', 'membership_officer', 'treasurer', 'support'], r.role)) AS roles,
         EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS enrolled,
         min(r.granted_at) AS since
    FROM users u JOIN staff_roles r ON r.user_id = u.id`;

export async function listStaffMembers(db: Db): Promise<StaffMemberRow[]> {
  const { rows } = await db.query<StaffMemberRow>(`${STAFF_MEMBER_SELECT} GROUP BY u.id ORDER BY lower(u.email)`);
  return rows;
}

/** The staff holding any of `roles` now, by e-mail (case-insensitive); each with all their roles. */
export async function staffMembersWithAnyRole(db: Db, roles: readonly StaffRole[]): Promise<StaffMemberRow[]> {
  const { rows } = await db.query<StaffMemberRow>(`${STAFF_MEMBER_SELECT} GROUP BY u.id HAVING bool_or(r.role = ANY($1::text[])) ORDER BY lower(u.email), u.id`, [roles]);
  return rows;
}

export async function findStaffMember(db: Db, userId: number): Promise<StaffMemberRow | undefined> {
  const { rows } = await db.query<StaffMemberRow>(`${STAFF_MEMBER_SELECT} WHERE u.id = $1 GROUP BY u.id`, [userId]);
  return rows[0];
}

/** Serialises changes of roles (so two owners cannot remove each other at the same moment and leave none). */
export async function lockStaffRoles(db: Db): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('identity.staff_roles'))`);
}

export async function countOwners(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_roles WHERE role = 'owner'`);
  return rows[0]?.n ?? 0;
}

/** Adds the roles the user does not have yet; answers those added. */
export async function addRoles(db: Db, userId: number, roles: readonly StaffRole[], grantedBy: string): Promise<StaffRole[]> {
  const { rows } = await db.query<{ role: StaffRole }>(
    `INSERT INTO staff_roles (user_id, role, granted_by) SELECT $1, unnest($2::text[]), $3 ON CONFLICT DO NOTHING RETURNING role`,
    [userId, roles, grantedBy],
  );
  return rows.map((row) => row.role);
}

/** Removes the roles not in `keep` (all of them when `keep` is empty); answers those removed. */
export async function removeRolesExcept(db: Db, userId: number, keep: readonly StaffRole[]): Promise<StaffRole[]> {
  const { rows } = await db.query<{ role: StaffRole }>(`DELETE FROM staff_roles WHERE user_id = $1 AND NOT (role = ANY($2::text[])) RETURNING role`, [userId, keep]);
  return rows.map((row) => row.role);
}

export interface InvitationRow {
  id: number;
  email: string;
  roles: StaffRole[];
  invited_by: string;
  created_at: Date;
  expires_at: Date;
}

const INVITATION_COLUMNS = 'id, email, roles, invited_by, created_at, expires_at';
const PENDING = 'used_at IS NULL AND revoked_at IS NULL AND expires_at > now()';

export async function insertInvitation(db: Db, email: string, roles: readonly StaffRole[], tokenHash: Buffer, invitedBy: string, ttlMs: number): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `INSERT INTO staff_invitations (email, roles, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond') RETURNING ${INVITATION_COLUMNS}`,
    [email.trim(), roles, tokenHash, invitedBy, ttlMs],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

/** Withdraws the pending invitations of an address (a new one replaces them); answers their ids. */
export async function revokePendingInvitationsOf(db: Db, email: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`UPDATE staff_invitations SET revoked_at = now() WHERE lower(email) = lower($1) AND ${PENDING} RETURNING id`, [email.trim()]);
  return rows.map((row) => row.id);
}

export async function revokeInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`UPDATE staff_invitations SET revoked_at = now() WHERE id = $1 AND ${PENDING} RETURNING ${INVITATION_COLUMNS}`, [id]);
  return rows[0];
}

export async function pendingInvitations(db: Db): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM staff_invitations WHERE ${PENDING} ORDER BY created_at DESC, id DESC`);
  return rows;
}

export async function pendingInvitationByTokenHash(db: Db, tokenHash: Buffer): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM staff_invitations WHERE token_hash = $1 AND ${PENDING}`, [tokenHash]);
  return rows[0];
}

/** Marks a pending invitation used (one conditional UPDATE: it works once even when accepted twice at once). */
export async function consumeInvitation(db: Db, tokenHash: Buffer): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`UPDATE staff_invitations SET used_at = now() WHERE token_hash = $1 AND ${PENDING} RETURNING ${INVITATION_COLUMNS}`, [tokenHash]);
  return rows[0];
}
