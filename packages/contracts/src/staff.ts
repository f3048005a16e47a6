import { z } from 'zod';

/**
 * The staff area (issue 14): roles, the API prefix and the calls the staff remote (mf-staff) and the
 * services share. A staff member is an ordinary account with one or more roles; the server checks the role
 * on every staff call (403 without it), the pages hide what a role cannot do.
 */
export const STAFF_ROLES = ['owner', 'editor', 'membership_officer', 'treasurer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

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
