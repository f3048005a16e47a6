import { inviteStaffRequestSchema, type InviteStaffRequest, type StaffRole } from '@tca/contracts';
import { momentText } from '../../shared/paging.js';

export interface InviteErrors {
  email?: string;
  roles?: string;
}

/** The invitation form's input checked with the server's own schema: the request, or each field's first message. */
export function checkInvite(email: string, roles: readonly StaffRole[]): { ok: true; request: InviteStaffRequest } | { ok: false; errors: InviteErrors } {
  const parsed = inviteStaffRequestSchema.safeParse({ email, roles });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: InviteErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'roles') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The roles ticked, in the roles' own order. */
export function toggleRole(roles: readonly StaffRole[], role: StaffRole, on: boolean, order: readonly StaffRole[]): StaffRole[] {
  const next = new Set(roles);
  if (on) next.add(role);
  else next.delete(role);
  return order.filter((r) => next.has(r));
}

/** A date as the staff pages show it (Adelaide time, the language shown), or the text itself when it is not a date. */
export const formatWhen = (iso: string): string => momentText(iso, { dateStyle: 'medium', timeStyle: 'short' });
