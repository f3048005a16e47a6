import type { Request, RequestHandler } from 'express';
import { STAFF_ROLE_REQUIRED_MESSAGE, STAFF_SECOND_FACTOR_REQUIRED_MESSAGE, hasStaffRole, type StaffRole } from '@tca/contracts';
import { AppError, type Pool } from '@tca/service-kit';
import { staffRolesOfAccount } from '../../domain/staff.js';
import type { Actor } from '../../domain/audit.js';
import { requireSession, sessionOf } from './authenticate.js';

const staffRoles = new WeakMap<Request, StaffRole[]>();

/**
 * Staff calls: a live session (else 401), of an account with a staff role (else 403 `not_staff`) that
 * passed the second factor (else 403 `second_factor_required`), with one of `allowed` or owner (else 403
 * `forbidden`). The roles are read from the database on every request: a removed role counts at once.
 */
export function requireStaff(pool: Pool, idleTimeoutMs: number, allowed: readonly StaffRole[]): RequestHandler[] {
  const authenticated = requireSession(pool, idleTimeoutMs);
  const authorised: RequestHandler = async (req, _res, next) => {
    const session = sessionOf(req);
    const roles = await staffRolesOfAccount(pool, session.user.id);
    if (roles.length === 0) throw new AppError(403, 'not_staff', STAFF_ROLE_REQUIRED_MESSAGE);
    if (!session.secondFactor) throw new AppError(403, 'second_factor_required', STAFF_SECOND_FACTOR_REQUIRED_MESSAGE);
    if (!hasStaffRole(roles, allowed)) throw new AppError(403, 'forbidden', STAFF_ROLE_REQUIRED_MESSAGE);
    staffRoles.set(req, roles);
    next();
  };
  return [authenticated, authorised];
}

/** The roles requireStaff read for this request. */
export function staffRolesOf(req: Request): StaffRole[] {
  const roles = staffRoles.get(req);
  if (!roles) throw new Error('staffRolesOf: requireStaff did not run for this route');
  return roles;
}

/** The signed-in staff member as the audit log records them. */
export function actorOf(req: Request): Actor {
  const { user } = sessionOf(req);
  return { userId: user.id, email: user.email, ip: req.ip ?? null };
}
