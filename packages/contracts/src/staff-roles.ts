import { z } from 'zod';

/** The five staff roles (issue 14); in their own module so auth.ts (the session lookup) and staff.ts both use them. */
export const STAFF_ROLES = ['owner', 'editor', 'membership_officer', 'treasurer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);
