import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  hasStaffRole,
  STAFF_COLLEAGUES_API_PATH,
  STAFF_ROLE_REQUIRED_MESSAGE,
  STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
  staffColleaguesQuerySchema,
  type AccountUser,
  type ApiError,
  type SessionAnswer,
  type StaffColleague,
  type StaffColleaguesAnswer,
  type StaffRole,
} from '@tca/contracts';
import { bearerToken, IDENTITY_SESSION_PATH } from './identity-client.js';
import { sendJson, startStubHttpServer } from './testing/stub-http-server.js';

/**
 * Test support (exported from `@tca/service-kit/testing`): a stand-in for the identity service's session
 * lookup on a real HTTP port, for the services that ask identity who a Bearer token belongs to.
 * `GET /auth/session` with a token it issued answers 200 with the session (sessionAnswerSchema); anything
 * else 401 `{ error: 'unauthorized', message }`, as identity does. Tests switch it to failing modes.
 * `GET /staff-api/staff/colleagues?role=` answers as identity does from the staff it issued sessions to (each
 * user's latest roles; owners work every role), with identity's 401/403/400; `colleaguesMode` fails it alone.
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
  /** How GET /staff-api/staff/colleagues answers, apart from the session lookups (default normal). */
  colleaguesMode: IdentityStubMode;
  /** How many colleagues requests it received (any mode). */
  readonly colleagueRequests: number;
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
  /** The staff it issued sessions to, by user id: the latest user and roles of each. */
  const directory = new Map<string, { user: AccountUser; roles: StaffRole[] }>();
  const hanging = new Set<ServerResponse>();
  let lookups = 0;
  let colleagueRequests = 0;

  function json(res: ServerResponse, status: number, body: SessionAnswer | StaffColleaguesAnswer | ApiError): void {
    sendJson(res, status, body);
  }

  /** Answers in a failing mode (true), or leaves it to the caller (false). */
  function failed(mode: IdentityStubMode, res: ServerResponse): boolean {
    if (mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return true;
    }
    if (mode === 'error') json(res, 500, { error: 'internal', message: 'Something went wrong.' });
    return mode === 'error';
  }

  function liveSession(req: IncomingMessage): SessionAnswer | undefined {
    const token = bearerToken(req.headers.authorization);
    const session = token === undefined ? undefined : sessions.get(token);
    return session && Date.parse(session.expiresAt) > Date.now() ? session : undefined;
  }

  /** GET /staff-api/staff/colleagues?role=, with identity's staff checks (requireStaff) and validation. */
  function answerColleagues(req: IncomingMessage, res: ServerResponse, url: URL): void {
    colleagueRequests += 1;
    if (failed(stub.colleaguesMode, res)) return;
    const session = liveSession(req);
    if (!session) return json(res, 401, { error: 'unauthorized', message: 'Your session has expired. Please log in again.' });
    if (session.roles.length === 0) return json(res, 403, { error: 'not_staff', message: STAFF_ROLE_REQUIRED_MESSAGE });
    if (!session.secondFactor) return json(res, 403, { error: 'second_factor_required', message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE });
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? (values[0] ?? '') : values;
    }
    const parsed = staffColleaguesQuerySchema.safeParse(query);
    if (!parsed.success) return json(res, 400, { error: 'validation_failed', message: parsed.error.issues.map((issue) => issue.message).join(' ') });
    const colleagues: StaffColleague[] = [...directory.values()]
      .filter((member) => member.roles.length > 0 && hasStaffRole(member.roles, [parsed.data.role]))
      .map(({ user, roles }) => ({ userId: user.id, email: user.email, displayName: `${user.firstName} ${user.lastName}`, roles }))
      .sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()));
    json(res, 200, { colleagues });
  }

  function answerOther(req: IncomingMessage, res: ServerResponse): void {
    if (!options.otherRequests) return json(res, 404, { error: 'not_found', message: 'Not found.' });
    options.otherRequests(req, res).catch((err: unknown) => json(res, 500, { error: 'internal', message: String(err) }));
  }

  const http = await startStubHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (req.method === 'GET' && url.pathname === STAFF_COLLEAGUES_API_PATH) return answerColleagues(req, res, url);
    if (req.method !== 'GET' || url.pathname !== IDENTITY_SESSION_PATH) return answerOther(req, res);
    lookups += 1;
    if (failed(stub.mode, res)) return;
    const session = liveSession(req);
    if (!session) return json(res, 401, { error: 'unauthorized', message: 'Your session has expired. Please log in again.' });
    json(res, 200, session);
  });

  const stub: IdentityStub = {
    url: http.url,
    mode: 'normal',
    get lookups() {
      return lookups;
    },
    colleaguesMode: 'normal',
    get colleagueRequests() {
      return colleagueRequests;
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
      if (session.roles.length > 0 || directory.has(session.user.id)) directory.set(session.user.id, { user: session.user, roles: session.roles });
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
