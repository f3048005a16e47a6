import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountUser, ApiError, SessionAnswer, StaffRole } from '@tca/contracts';
import { bearerToken, IDENTITY_SESSION_PATH } from './identity-client.js';
import { sendJson, startStubHttpServer } from './testing/stub-http-server.js';

/**
 * Test support (exported from `@tca/service-kit/testing`): a stand-in for the identity service's session
 * lookup on a real HTTP port, for the services that ask identity who a Bearer token belongs to.
 * `GET /auth/session` with a token it issued answers 200 with the session (sessionAnswerSchema); anything
 * else 401 `{ error: 'unauthorized', message }`, as identity does. Tests switch it to failing modes.
 */
export type IdentityStubMode =
  /** Answers as identity does. */
  | 'normal'
  /** 500 for every lookup. */
  | 'error'
  /** Accepts the request and never answers (a hung identity): callers must time out. */
  | 'hang';

export interface IdentityStub {
  /** Base URL, e.g. http://127.0.0.1:41234: what IDENTITY_URL is set to. */
  url: string;
  mode: IdentityStubMode;
  /** How many session lookups it received (any mode). */
  readonly lookups: number;
  /**
   * Starts a session (valid for a day) for this user, a new one unless given: its token and user. `staff`
   * sets the session's roles and whether it passed the second factor (default: a member, no roles).
   */
  issue(user?: Partial<AccountUser>, staff?: { roles?: StaffRole[]; secondFactor?: boolean }): { token: string; user: AccountUser };
  /** Makes a token unknown from now on (as logging out does). */
  revoke(token: string): void;
  /** Stops listening (afterwards, `url` is an identity that is down); idempotent. */
  close(): Promise<void>;
}

let nextUser = 1;

/** A fresh account user: unique id and e-mail unless given. */
export function stubAccountUser(user: Partial<AccountUser> = {}): AccountUser {
  const n = nextUser++;
  return { id: `user-${process.pid}-${n}`, email: `member${n}@example.org`, firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678', ...user };
}

export interface IdentityStubOptions {
  /**
   * Answers every request that is not the session lookup, for a service that makes further identity calls
   * (payments' /internal/ ones); without it they are answered 404. A rejection is answered
   * 500 `{ error: 'internal', message }`.
   */
  otherRequests?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export async function startIdentityStub(options: IdentityStubOptions = {}): Promise<IdentityStub> {
  const sessions = new Map<string, SessionAnswer>();
  const hanging = new Set<ServerResponse>();
  let lookups = 0;

  function json(res: ServerResponse, status: number, body: SessionAnswer | ApiError): void {
    sendJson(res, status, body);
  }

  function answerOther(req: IncomingMessage, res: ServerResponse): void {
    if (!options.otherRequests) return json(res, 404, { error: 'not_found', message: 'Not found.' });
    options.otherRequests(req, res).catch((err: unknown) => json(res, 500, { error: 'internal', message: String(err) }));
  }

  const http = await startStubHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (req.method !== 'GET' || path !== IDENTITY_SESSION_PATH) return answerOther(req, res);
    lookups += 1;
    if (stub.mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (stub.mode === 'error') return json(res, 500, { error: 'internal', message: 'Something went wrong.' });
    const token = bearerToken(req.headers.authorization);
    const session = token === undefined ? undefined : sessions.get(token);
    if (!session || Date.parse(session.expiresAt) <= Date.now()) return json(res, 401, { error: 'unauthorized', message: 'Your session has expired. Please log in again.' });
    json(res, 200, session);
  });

  const stub: IdentityStub = {
    url: http.url,
    mode: 'normal',
    get lookups() {
      return lookups;
    },
    issue(user = {}, staff = {}) {
      const token = randomBytes(24).toString('base64url');
      const session: SessionAnswer = {
        user: stubAccountUser(user),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
        roles: staff.roles ?? [],
        secondFactor: staff.secondFactor ?? false,
      };
      sessions.set(token, session);
      return { token, user: session.user };
    },
    revoke(token) {
      sessions.delete(token);
    },
    async close() {
      for (const res of hanging) res.destroy();
      await http.close();
    },
  };
  return stub;
}
