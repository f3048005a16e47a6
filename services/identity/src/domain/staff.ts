import {
  INVITATION_ACCOUNT_EXISTS_MESSAGE,
  INVITATION_ENDED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  LAST_OWNER_MESSAGE,
  NO_SECOND_FACTOR_TO_RESET_MESSAGE,
  QUEUES,
  RESET_OWN_SECOND_FACTOR_MESSAGE,
  STAFF_ACCEPT_INVITATION_PATH,
  STAFF_INVITATION_TTL_MS,
  STAFF_MEMBER_NOT_FOUND_MESSAGE,
  STAFF_ROLE_LABELS,
  type AcceptInvitationRequest,
  type StaffColleaguesAnswer,
  type StaffInvitation,
  type StaffListAnswer,
  type StaffMember,
  type StaffRole,
} from '@tca/contracts';
import { addToOutbox, AppError, ConflictError, formatDateTimeIn, NotFoundError, withTransaction, type EmailBrand, type Pool, type SiteLang } from '@tca/service-kit';
import { findUserByEmail, insertUser, type UserRow } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import {
  addRoles,
  consumeInvitation,
  countOwners,
  findStaffMember,
  insertInvitation,
  listStaffMembers,
  lockStaffRoles,
  pendingInvitationByTokenHash,
  pendingInvitations,
  removeRolesExcept,
  revokeInvitation as revokeInvitationRow,
  rolesOf,
  revokePendingInvitationsOf,
  staffMembersWithAnyRole,
  type InvitationRow,
  type StaffMemberRow,
} from '../data-access/staff-repository.js';
import { revokeUserSessions } from '../data-access/session-repository.js';
import { deleteSecondFactor } from '../data-access/two-factor-repository.js';
import { ADELAIDE_TIME_ZONE, emailJob, sitePage } from './account-emails.js';
import { associationIn, emailTexts } from './email-texts.js';
import { recordAudit, type Actor } from './audit.js';
import { assertNotCommonPassword } from './common-passwords.js';
import { hashPassword, isTokenShaped, newToken, tokenHash } from './secrets.js';

/**
 * Staff accounts (issue 14): an ordinary account with roles. Owners (and the admin CLI) grant, change
 * and revoke roles and invite new addresses; the site always keeps at least one owner. Every change is
 * recorded in the audit log in its own transaction.
 */

export interface StaffMailSettings {
  brand: EmailBrand;
  publicUrl: string;
  /** The language an invitation is written in (the inviting owner's page; the invitee has no account yet). Default English. */
  lang?: SiteLang;
}

const roleList = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');

export function staffMember(row: StaffMemberRow): StaffMember {
  return {
    user: { id: String(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name },
    roles: row.roles,
    twoFactorEnrolled: row.enrolled,
    since: row.since.toISOString(),
  };
}

export function staffInvitation(row: InvitationRow): StaffInvitation {
  return { id: String(row.id), email: row.email, roles: row.roles, invitedBy: row.invited_by, createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString() };
}

export async function listStaff(db: Db): Promise<StaffListAnswer> {
  const [members, invitations] = await Promise.all([listStaffMembers(db), pendingInvitations(db)]);
  return { staff: members.map(staffMember), invitations: invitations.map(staffInvitation) };
}

/** The staff who can do `role`'s work now: its holders and the owners (who can do everything). */
export async function colleaguesFor(db: Db, role: StaffRole): Promise<StaffColleaguesAnswer> {
  const rows = await staffMembersWithAnyRole(db, role === 'owner' ? ['owner'] : [role, 'owner']);
  return {
    colleagues: rows.map((row) => {
      const displayName = `${row.first_name} ${row.last_name}`.trim();
      return { userId: String(row.id), email: row.email, ...(displayName !== '' ? { displayName } : {}), roles: row.roles };
    }),
  };
}

/** The invitation e-mail: a single-use link to the staff page that creates the account. */
export function invitationEmail(to: string, roles: readonly StaffRole[], link: string, expiresAt: Date, invitedBy: string, brand: EmailBrand, lang: SiteLang = 'en') {
  const t = emailTexts(lang);
  const site = associationIn(lang);
  const roleNames = roles.map((role) => t(`role.${role}`)).join(', ');
  return emailJob(
    'staff-invitation',
    to,
    {
      lang,
      subject: t('invitation.subject', { site }),
      preheader: t('invitation.preheader'),
      blocks: [
        { type: 'paragraph', text: t('invitation.hello') },
        { type: 'paragraph', text: t('invitation.body', { invitedBy, to, site, roles: roleNames }) },
        { type: 'link', text: t('invitation.link'), href: link },
        { type: 'paragraph', text: t('invitation.expiry', { expiresAt: formatDateTimeIn(expiresAt, ADELAIDE_TIME_ZONE, lang) }) },
        { type: 'paragraph', text: t('invitation.notExpected') },
      ],
    },
    brand,
  );
}

export type GrantOrInvite =
  | { outcome: 'granted'; member: StaffMember; added: StaffRole[] }
  | { outcome: 'invited'; invitation: StaffInvitation; link: string };

/**
 * An existing account gets the roles at once (added to any it has): it is then asked to set up an
 * authenticator app at its next login. A new address gets an invitation e-mail (any earlier pending
 * invitation of the address is withdrawn), through the outbox in the same transaction.
 */
export async function grantOrInvite(pool: Pool, email: string, roles: readonly StaffRole[], actor: Actor, mail: StaffMailSettings): Promise<GrantOrInvite> {
  return withTransaction(pool, async (client) => {
    const user = await findUserByEmail(client, email);
    if (user) {
      await lockStaffRoles(client);
      const added = await addRoles(client, user.id, roles, actor.email);
      if (added.length > 0) await recordAudit(client, actor, 'role_granted', user.email, `Granted ${roleList(added)}.`);
      const member = await findStaffMember(client, user.id);
      if (!member) throw new Error('the roles just granted are not there');
      return { outcome: 'granted', member: staffMember(member), added };
    }
    const { token, hash } = newToken();
    const replaced = await revokePendingInvitationsOf(client, email);
    for (const id of replaced) await recordAudit(client, actor, 'invitation_revoked', email.trim(), `Invitation ${id} replaced by a new one.`);
    const row = await insertInvitation(client, email, roles, hash, actor.email, STAFF_INVITATION_TTL_MS);
    const link = sitePage(mail.publicUrl, `${STAFF_ACCEPT_INVITATION_PATH}${token}`);
    const message = invitationEmail(row.email, row.roles, link, row.expires_at, actor.email, mail.brand, mail.lang);
    await addToOutbox(client, { queue: QUEUES.email, name: 'staff-invitation', jobId: message.key, payload: message });
    await recordAudit(client, actor, 'invitation_sent', row.email, `Invited as ${roleList(row.roles)} (invitation ${row.id}).`);
    return { outcome: 'invited', invitation: staffInvitation(row), link };
  });
}

export class InvitationEndedError extends AppError {
  override name = 'InvitationEndedError';
  constructor() {
    super(400, 'invitation_ended', INVITATION_ENDED_MESSAGE);
  }
}

/** Creates the invited account with the invitation's roles; the link works once. */
export async function acceptInvitation(pool: Pool, input: AcceptInvitationRequest, ip: string | null): Promise<{ user: UserRow; roles: StaffRole[] }> {
  if (!isTokenShaped(input.token)) throw new InvitationEndedError();
  const hash = tokenHash(input.token);
  const pending = await pendingInvitationByTokenHash(pool, hash);
  if (!pending) throw new InvitationEndedError();
  await assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    const invitation = await consumeInvitation(client, hash);
    if (!invitation) throw new InvitationEndedError();
    const user = await insertUser(client, { email: invitation.email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, passwordHash });
    if (!user) throw new ConflictError(INVITATION_ACCOUNT_EXISTS_MESSAGE, 'email_taken');
    await lockStaffRoles(client);
    const roles = await addRoles(client, user.id, invitation.roles, invitation.invited_by);
    await recordAudit(client, { userId: user.id, email: user.email, ip }, 'invitation_accepted', user.email, `Accepted invitation ${invitation.id} from ${invitation.invited_by}: ${roleList(roles)}.`);
    return { user, roles };
  });
}

/**
 * Sets a staff member's roles (`roles` empty: removes them all). 404 when the account has no role; 409
 * when it would leave the site without an owner.
 */
export async function setStaffRoles(pool: Pool, userId: number, roles: readonly StaffRole[], actor: Actor): Promise<StaffMember | undefined> {
  return withTransaction(pool, async (client) => {
    await lockStaffRoles(client);
    const before = await findStaffMember(client, userId);
    if (!before) throw new NotFoundError(STAFF_MEMBER_NOT_FOUND_MESSAGE, 'staff_member_not_found');
    if (before.roles.includes('owner') && !roles.includes('owner') && (await countOwners(client)) <= 1) throw new ConflictError(LAST_OWNER_MESSAGE, 'last_owner');
    const removed = await removeRolesExcept(client, userId, roles);
    const added = await addRoles(client, userId, roles, actor.email);
    const after = await findStaffMember(client, userId);
    if (roles.length === 0) {
      await recordAudit(client, actor, 'roles_revoked', before.email, `Removed from the staff (was ${roleList(before.roles)}).`);
    } else if (removed.length > 0 || added.length > 0) {
      await recordAudit(client, actor, 'roles_changed', before.email, `${roleList(before.roles)} → ${roleList(after?.roles ?? [])}.`);
    }
    return after ? staffMember(after) : undefined;
  });
}

/**
 * Resets a staff member's two-factor sign-in, for one who lost their phone and their recovery codes: the
 * authenticator app and the recovery codes are forgotten and every session of theirs ends, so their next
 * login sets up a new app. 404 for an account without a staff role; 409 for your own (sign in with a
 * recovery code instead, or ask another owner) and for a member who has no app set up.
 */
export async function resetSecondFactor(pool: Pool, userId: number, actor: Actor): Promise<StaffMember> {
  return withTransaction(pool, async (client) => {
    const member = await findStaffMember(client, userId);
    if (!member) throw new NotFoundError(STAFF_MEMBER_NOT_FOUND_MESSAGE, 'staff_member_not_found');
    if (member.id === actor.userId) throw new ConflictError(RESET_OWN_SECOND_FACTOR_MESSAGE, 'own_second_factor');
    if (!(await deleteSecondFactor(client, userId))) throw new ConflictError(NO_SECOND_FACTOR_TO_RESET_MESSAGE, 'no_second_factor');
    const ended = await revokeUserSessions(client, userId);
    await recordAudit(client, actor, 'second_factor_reset', member.email, `Authenticator app and recovery codes reset; ${ended} session${ended === 1 ? '' : 's'} ended.`);
    const after = await findStaffMember(client, userId);
    return staffMember(after ?? member);
  });
}

/** Withdraws a pending invitation (its link stops working). */
export async function withdrawInvitation(pool: Pool, id: number, actor: Actor): Promise<void> {
  await withTransaction(pool, async (client) => {
    const row = await revokeInvitationRow(client, id);
    if (!row) throw new NotFoundError(INVITATION_NOT_FOUND_MESSAGE, 'invitation_not_found');
    await recordAudit(client, actor, 'invitation_revoked', row.email, `Withdrew invitation ${row.id} (${roleList(row.roles)}).`);
  });
}

/** An account's staff roles, read now (never cached: a removed role counts on the next request); empty for members. */
export function staffRolesOfAccount(db: Db, userId: number): Promise<StaffRole[]> {
  return rolesOf(db, userId);
}

/** The staff member of an e-mail, for the CLI. */
export async function staffUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  return (await findUserByEmail(db, email))?.id;
}
