import type { Request, RequestHandler } from 'express';
import { bearerToken, UnauthorizedError, type Pool } from '@tca/service-kit';
import { lookupSession, type Session } from '../../domain/account-sessions.js';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const NOT_LOGGED_IN = 'You need to log in first.';

const sessions = new WeakMap<Request, Session>();

/**
 * Authenticated calls: `Authorization: Bearer <token>` of a live session, else 401 with
 * `error: 'unauthorized'` (no token, or not one of ours) or `'session_expired'` (a session that expired,
 * was revoked or went unused for `idleTimeoutMs`), and a WWW-Authenticate header (RFC 6750).
 */
export function requireSession(pool: Pool, idleTimeoutMs: number): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="tca"');
      throw new UnauthorizedError(NOT_LOGGED_IN, 'unauthorized');
    }
    const found = await lookupSession(pool, token, idleTimeoutMs);
    if (found.kind !== 'valid') {
      res.setHeader('WWW-Authenticate', 'Bearer realm="tca", error="invalid_token"');
      throw found.kind === 'ended' ? new UnauthorizedError(SESSION_EXPIRED, 'session_expired') : new UnauthorizedError(NOT_LOGGED_IN, 'unauthorized');
    }
    sessions.set(req, found.session);
    next();
  };
}

/** The session requireSession found for this request. */
export function sessionOf(req: Request): Session {
  const session = sessions.get(req);
  if (!session) throw new Error('sessionOf: requireSession did not run for this route');
  return session;
}

/** Marks an answer as a failed password check, which the per-account failure limits count. */
export const FAILED_PASSWORD_CHECK = 'failedPasswordCheck';
