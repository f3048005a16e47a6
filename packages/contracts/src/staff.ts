import { z } from 'zod';
import { ANNOUNCEMENT_AUDIT_ACTIONS } from './announcements.js';
import { accountUserSchema, emailFieldSchema, newPasswordSchema, personNameField, storedPhoneSchema } from './auth.js';
import { STAFF_ROLES, type StaffRole, staffRoleSchema } from './staff-roles.js';
import { auditQuerySchemaFor } from './staff-audit.js';
import { textField } from './text-field.js';

export { STAFF_ROLES, type StaffRole, staffRoleSchema } from './staff-roles.js';
export * from './staff-audit.js';

/**
 * The staff area (issue 14): roles, the API prefix and the calls the staff remote (mf-staff) and the
 * services share. A staff member is an ordinary account with one or more roles; the server checks the role
 * on every staff call (403 without it), the pages hide what a role cannot do.
 */

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  membership_officer: 'Membership officer',
  treasurer: 'Treasurer',
  support: 'Support',
};

/** What each role is for, as the staff pages explain it. */
export const STAFF_ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: 'Manages staff, sees the audit log and can do everything else.',
  editor: 'Edits the site: blog posts, events, gallery, team and sponsors.',
  membership_officer: 'Looks after members and membership requests.',
  treasurer: 'Handles orders and refunds.',
  support: 'Answers support tickets and contact messages.',
};

/** The staff pages live under /staff; the staff APIs under /staff-api/ (content's under /staff-api/content/). */
export const STAFF_PAGE_PREFIX = '/staff';
export const STAFF_API_PREFIX = '/staff-api/';
export const STAFF_CONTENT_API_PREFIX = '/staff-api/content/';

/** True when `roles` include one of `allowed`; an owner may do everything. */
export function hasStaffRole(roles: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return roles.includes('owner') || roles.some((role) => allowed.includes(role));
}

/** GET /staff-api/me: the signed-in staff member (401 without a session, 403 without a staff role). */
export const staffMeAnswerSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  roles: z.array(staffRoleSchema).min(1),
  twoFactorEnrolled: z.boolean(),
});
export type StaffMeAnswer = z.infer<typeof staffMeAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const STAFF_ROLE_REQUIRED_MESSAGE = 'You do not have the staff role this needs.';
export const STAFF_SECOND_FACTOR_REQUIRED_MESSAGE = 'The staff area needs a sign-in with your authenticator app. Please log out and log in again.';
export const LAST_OWNER_MESSAGE = 'The site must keep at least one owner: make someone else an owner first.';
/** DELETE /staff-api/staff/:userId/second-factor (owner): their next login sets up a new authenticator app. */
export const SECOND_FACTOR_RESET_MESSAGE = 'Their authenticator app and recovery codes are reset, and they are signed out: they set up a new app at their next login.';
export const RESET_OWN_SECOND_FACTOR_MESSAGE = 'You cannot reset your own authenticator app here: sign in with a recovery code, or ask another owner.';
export const NO_SECOND_FACTOR_TO_RESET_MESSAGE = 'They have not set up an authenticator app yet: there is nothing to reset.';
export const STAFF_MEMBER_NOT_FOUND_MESSAGE = 'There is no staff member with this id.';
export const INVITATION_NOT_FOUND_MESSAGE = 'There is no pending invitation with this id.';
export const INVITATION_ENDED_MESSAGE = 'This invitation link has expired, was already used or was withdrawn. Ask an owner for a new one.';
export const INVITATION_ACCOUNT_EXISTS_MESSAGE = 'An account with this e-mail already exists. Ask an owner to give it the role instead, then log in.';
export const ROLES_GRANTED_MESSAGE = 'The account already existed: it has the roles now.';
export const INVITATION_SENT_MESSAGE = 'Invitation sent. The link works once, for 72 hours.';
export const INVITATION_ACCEPTED_MESSAGE = 'Welcome to the staff. Log in and set up your authenticator app.';

/** An invitation link lasts 72 hours. */
export const STAFF_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** A staff session lasts at most 12 hours and ends after 30 minutes unused. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** The staff page that accepts an invitation: `${PUBLIC_URL}/staff/accept-invitation/<token>`. */
export const STAFF_ACCEPT_INVITATION_PATH = '/staff/accept-invitation/';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** One or more roles, each once. */
export const staffRolesSchema = z
  .array(staffRoleSchema, 'Roles must be a list of staff roles')
  .min(1, 'Choose at least one role')
  .max(STAFF_ROLES.length, 'Each role at most once')
  .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once');

/** POST /staff-api/invitations (owner). An existing account gets the roles at once; a new address an invitation. */
export const inviteStaffRequestSchema = z.object({ email: emailFieldSchema, roles: staffRolesSchema }).strict();
export type InviteStaffRequest = z.infer<typeof inviteStaffRequestSchema>;

/** POST /staff-api/invitations/accept: creates the account of the invited address, with the roles. */
export const acceptInvitationRequestSchema = z
  .object({
    token: textField('The invitation link').trim().min(1, 'The invitation link is incomplete').max(200, INVITATION_ENDED_MESSAGE),
    firstName: personNameField('First name'),
    lastName: personNameField('Last name'),
    phoneNumber: storedPhoneSchema,
    password: newPasswordSchema,
  })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** PUT /staff-api/staff/:userId/roles (owner): the member's roles from now on (DELETE /staff-api/staff/:userId removes them all). */
export const setStaffRolesRequestSchema = z.object({ roles: staffRolesSchema }).strict();
export type SetStaffRolesRequest = z.infer<typeof setStaffRolesRequestSchema>;

/** What the audit log records (identity's entries; other services add their own). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed_second_factor',
  'two_factor_enrolled',
  'role_granted',
  'roles_changed',
  'roles_revoked',
  'second_factor_reset',
  'invitation_sent',
  'invitation_accepted',
  'invitation_revoked',
  'membership_approved',
  'membership_rejected',
  'queue_job_retried',
  'queue_job_removed',
  'members_exported',
  ...ANNOUNCEMENT_AUDIT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * GET /staff-api/staff/colleagues?role= (any staff member): the staff who can do a role's work, for pickers
 * such as the support desk's assignee (issue 15). Owners can do every role's work, so they are always among
 * them. Only accounts that hold a role now (a removed staff member is no colleague).
 */
export const STAFF_COLLEAGUES_API_PATH = '/staff-api/staff/colleagues';
export const COLLEAGUES_ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}`;
export const staffColleaguesQuerySchema = z.object({ role: z.enum(STAFF_ROLES, COLLEAGUES_ROLE_MESSAGE) }).strict();
export type StaffColleaguesQuery = z.infer<typeof staffColleaguesQuerySchema>;

/** GET /staff-api/audit?action=&actor=&from=&to=&before=&limit= (owner): newest first; `before` is the last id of the previous page. */
export const auditQuerySchema = auditQuerySchemaFor(AUDIT_ACTIONS);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const staffMemberSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  roles: z.array(staffRoleSchema).min(1),
  twoFactorEnrolled: z.boolean(),
  /** When the earliest of the roles was granted. */
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** DELETE /staff-api/staff/:userId/second-factor (owner): the member afterwards (twoFactorEnrolled false). */
export const resetSecondFactorAnswerSchema = z.object({ message: z.string(), member: staffMemberSchema });
export type ResetSecondFactorAnswer = z.infer<typeof resetSecondFactorAnswerSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema).min(1),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** GET /staff-api/staff (owner): the staff and the pending (unused, unexpired, not withdrawn) invitations. */
export const staffListAnswerSchema = z.object({ staff: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** POST /staff-api/invitations: `granted` (an existing account, 200) or `invited` (an e-mail sent, 201). */
export const inviteStaffAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('granted'), message: z.string(), member: staffMemberSchema }),
  z.object({ outcome: z.literal('invited'), message: z.string(), invitation: staffInvitationSchema }),
]);
export type InviteStaffAnswer = z.infer<typeof inviteStaffAnswerSchema>;

/** POST /staff-api/invitations/accept (201). */
export const acceptInvitationAnswerSchema = z.object({ message: z.string(), user: accountUserSchema, roles: z.array(staffRoleSchema).min(1) });
export type AcceptInvitationAnswer = z.infer<typeof acceptInvitationAnswerSchema>;

/** PUT /staff-api/staff/:userId/roles. */
export const staffMemberAnswerSchema = z.object({ member: staffMemberSchema });

/** One colleague of GET /staff-api/staff/colleagues: identity's user id (text), e-mail, name when known, all their roles. */
export const staffColleagueSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(1),
  displayName: z.string().optional(),
  roles: z.array(staffRoleSchema).min(1),
});
export type StaffColleague = z.infer<typeof staffColleagueSchema>;

/** GET /staff-api/staff/colleagues: by e-mail (case-insensitive). */
export const staffColleaguesAnswerSchema = z.object({ colleagues: z.array(staffColleagueSchema) });
export type StaffColleaguesAnswer = z.infer<typeof staffColleaguesAnswerSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  /** The actor's e-mail, or `cli:<login name>` for the admin CLI. */
  actorEmail: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /staff-api/audit: a page, newest first; `nextBefore` asks for the next (older) page, null at the end. */
export const auditPageAnswerSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type AuditPageAnswer = z.infer<typeof auditPageAnswerSchema>;
