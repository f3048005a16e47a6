import type { Request, Response } from 'express';
import { createIdentityClient, ServiceUnavailableError, UnauthorizedError, type ServiceUrls } from '@tca/service-kit';

/** Which member a form or a "mine" request comes from, by its Bearer session (asked of identity). */
export interface MemberLookup {
  /**
   * The user id to store with a form, or null. Never fails and never refuses the form: without an
   * Authorization header, with a token that is no session, or while identity cannot say (down, slow),
   * the form is stored without an account; the last two are logged.
   */
  senderOf(req: Request): Promise<string | null>;
  /** The user id of the request's session; throws 401 (WWW-Authenticate: Bearer) without one, 503 while identity cannot say. */
  memberOf(req: Request, res: Response): Promise<string>;
  /** The account of the request's session (id and e-mail); the same 401 and 503 as memberOf. */
  accountOf(req: Request, res: Response): Promise<{ userId: string; email: string }>;
}

/** `identityUrl`: identity's base URL, or its replicas' (taken in turn; one that refuses is skipped). */
export function createMemberLookup(options: { identityUrl: ServiceUrls; timeoutMs: number }): MemberLookup {
  const identity = createIdentityClient({ baseUrl: options.identityUrl, timeoutMs: options.timeoutMs });
  async function accountOf(req: Request, res: Response): Promise<{ userId: string; email: string }> {
    const found = await identity.lookup(req.headers.authorization);
    if (found.kind === 'session') return { userId: found.session.user.id, email: found.session.user.email };
    if (found.kind === 'none') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedError('Please log in to see what you have sent us.');
    }
    req.log.warn({ reason: found.reason }, 'identity is unavailable; cannot answer a member list');
    res.setHeader('Retry-After', '5');
    throw new ServiceUnavailableError('We cannot check your login right now. Please try again shortly.', 'identity_unavailable');
  }
  return {
    async senderOf(req) {
      const authorization = req.headers.authorization;
      if (authorization === undefined) return null;
      const found = await identity.lookup(authorization);
      if (found.kind === 'session') return found.session.user.id;
      if (found.kind === 'none') req.log.info('the form carried a token that is not a session; stored without an account');
      else req.log.warn({ reason: found.reason }, 'identity is unavailable; the form is stored without an account');
      return null;
    },
    async memberOf(req, res) {
      return (await accountOf(req, res)).userId;
    },
    accountOf,
  };
}
