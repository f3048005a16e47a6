import type { Request, RequestHandler } from 'express';
import { STAFF_ROLE_REQUIRED_MESSAGE, STAFF_SECOND_FACTOR_REQUIRED_MESSAGE, hasStaffRole, type StaffRole } from '@tca/contracts';
import { AppError, ServiceUnavailableError, UnauthorizedError } from './errors.js';
import { createIdentityClient } from './identity-client.js';
import type { ServiceUrls } from './replica-fetch.js';

/** The staff member the guard let through, as the audit logs record them (identity's user id as text). */
export interface StaffActor {
  userId: string | null;
  email: string;
  ip: string | null;
}

const actors = new WeakMap<Request, StaffActor>();

/**
 * Staff calls to a service other than identity (content, payments): identity says who the Bearer token
 * is on every call (a removed role counts at once). No session: 401; no staff role: 403 `not_staff`; no second factor: 403 `second_factor_required`;
 * none of `allowed` (owner always is): 403 `forbidden`; identity unreachable: 503. The same answers as
 * identity's own staff calls. `identityUrl`: identity's base URL or its replicas' (taken in turn).
 */
export function createStaffGuard(options: { identityUrl: ServiceUrls; timeoutMs: number; fetch?: typeof fetch }): (allowed: readonly StaffRole[]) => RequestHandler {
  const identity = createIdentityClient({ baseUrl: options.identityUrl, timeoutMs: options.timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return (allowed) => async (req, res, next) => {
    const found = await identity.lookup(req.headers.authorization);
    if (found.kind === 'none') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedError('Please log in to the staff area.');
    }
    if (found.kind !== 'session') {
      req.log.warn({ reason: found.reason }, 'identity is unavailable; cannot check a staff call');
      res.setHeader('Retry-After', '5');
      throw new ServiceUnavailableError('We cannot check your login right now. Please try again shortly.', 'identity_unavailable');
    }
    const { user, roles, secondFactor } = found.session;
    if (roles.length === 0) throw new AppError(403, 'not_staff', STAFF_ROLE_REQUIRED_MESSAGE);
    if (!secondFactor) throw new AppError(403, 'second_factor_required', STAFF_SECOND_FACTOR_REQUIRED_MESSAGE);
    if (!hasStaffRole(roles, allowed)) throw new AppError(403, 'forbidden', STAFF_ROLE_REQUIRED_MESSAGE);
    actors.set(req, { userId: user.id, email: user.email, ip: req.ip ?? null });
    next();
  };
}

/** The staff member the guard let through, as the audit log records them. */
export function actorOf(req: Request): StaffActor {
  const actor = actors.get(req);
  if (!actor) throw new Error('actorOf: the staff guard did not run for this route');
  return actor;
}

/** Staff answers are never cached (browser or proxy): mount it on a staff API's prefix. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
