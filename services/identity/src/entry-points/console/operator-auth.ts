import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipRateLimit } from '@tca/service-kit';
import type { IdentityDeps } from '../api/api-deps.js';

/** Redis key prefix of the console's failed sign-ins per client address. */
export const OPERATOR_LOCKOUT_PREFIX = 'rl:identity:operator-ip:';
export const OPERATOR_REALM = 'Operators';
/** res.locals flag: this request's credentials were missing or wrong (counted towards the lockout). */
const FAILED_SIGN_IN = 'operatorSignInFailed';

export interface OperatorCredentials {
  user: string;
  password: string;
}

/** `Authorization: Basic …` decoded; undefined when absent or malformed. The password may contain ':'. */
export function basicCredentials(header: string | undefined): OperatorCredentials | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Equal strings, compared in constant time whatever their lengths (both are hashed first). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function refuse(res: Response): void {
  res.locals[FAILED_SIGN_IN] = true;
  res.status(401);
  res.setHeader('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}", charset="UTF-8"`);
  res.type('text/plain').send('Operator sign-in required.');
}

/**
 * HTTP Basic against OPERATOR_USER / OPERATOR_PASSWORD, after a per-address lockout: more than
 * OPERATOR_FAILURE_LIMIT_PER_IP failed sign-ins in AUTH_RATE_LIMIT_WINDOW_MS and every request from that
 * address answers 429 until the window ends (counted in Redis, so across replicas; Redis down: no lockout).
 */
export function operatorAuth(deps: Pick<IdentityDeps, 'config' | 'redis' | 'logger'>, password: string): RequestHandler[] {
  const { config } = deps;
  const lockout = ipRateLimit({
    limit: config.OPERATOR_FAILURE_LIMIT_PER_IP,
    windowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
    redis: deps.redis,
    logger: deps.logger,
    prefix: OPERATOR_LOCKOUT_PREFIX,
    message: 'Too many failed operator sign-ins from this address.',
    countIf: (_req: Request, res: Response) => res.locals[FAILED_SIGN_IN] === true,
  });
  const check: RequestHandler = (req, res, next) => {
    const given = basicCredentials(req.get('authorization'));
    // Both compared, always, so the time taken says nothing about which one was wrong.
    const userOk = sameSecret(given?.user ?? '', config.OPERATOR_USER);
    const passwordOk = sameSecret(given?.password ?? '', password);
    if (!given || !userOk || !passwordOk) {
      refuse(res);
      return;
    }
    next();
  };
  return [lockout, check];
}
