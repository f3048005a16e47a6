import type { ZodType } from 'zod';
import { serviceCaller, type ServiceUrls } from './replica-fetch.js';
import { sessionAnswerSchema, STAFF_COLLEAGUES_API_PATH, staffColleaguesAnswerSchema, type SessionAnswer, type StaffColleague, type StaffRole } from '@tca/contracts';

/**
 * How other services learn who a Bearer token belongs to: they ask the identity service
 * (`GET <IDENTITY_URL>/auth/session` with the caller's Authorization header). The answer is one of
 *
 * - `session`: the token is a live session; `session` is identity's answer (`sessionAnswerSchema`);
 * - `none`: there is no valid session: no or malformed `Authorization: Bearer` header (identity is not
 *   asked), or identity answered 400, 401 or 403 (unknown, expired or revoked token);
 * - `unavailable`: identity could not say: not reachable, slower than the time-box, a 5xx or 429, or an
 *   answer that is not a session. Callers decide: a form is stored unlinked, a "mine" list answers 503.
 *
 * A lookup never throws.
 */
export type IdentityLookup =
  | { kind: 'session'; session: SessionAnswer }
  | { kind: 'none' }
  | { kind: 'unavailable'; reason: string };

/**
 * The staff who can do a role's work (identity's GET /staff-api/staff/colleagues?role=, asked with the caller's
 * own staff session: its holders and the owners), in the same three kinds as a lookup:
 *
 * - `colleagues`: identity's answer;
 * - `none`: no or malformed Bearer header (identity is not asked), or identity answered 401 or 403 (no staff
 *   session: the token ended, the caller is no longer staff or has not passed the second factor);
 * - `unavailable`: not reachable, slower than the time-box, any other status (a 400 too: our request was
 *   wrong, which a caller cannot fix), or an answer that is not a list of colleagues.
 *
 * Never throws either.
 */
export type IdentityColleagues =
  | { kind: 'colleagues'; colleagues: StaffColleague[] }
  | { kind: 'none' }
  | { kind: 'unavailable'; reason: string };

export interface IdentityClient {
  /** Looks up the session of an `Authorization` header value (`Bearer <token>`); undefined = no header. */
  lookup(authorization: string | undefined): Promise<IdentityLookup>;
  /** The staff who can do `role`'s work, asked with the caller's `Authorization` header value. */
  colleagues(authorization: string | undefined, role: StaffRole): Promise<IdentityColleagues>;
}

export interface IdentityClientOptions {
  /**
   * The identity service's base URL, e.g. http://127.0.0.1:4002 (a trailing slash or a path prefix is fine), or
   * its replicas' base URLs: the calls then go to them in turn (createReplicaFetch).
   */
  baseUrl: ServiceUrls;
  /** The longest a lookup waits, body included. Default 2000 ms. */
  timeoutMs?: number;
  /** For tests; default the global fetch (with several base URLs: what sends each attempt). */
  fetch?: typeof fetch;
}

/** What identity is asked: its session lookup (an addition to spec §7, see packages/contracts/src/auth.ts). */
export const IDENTITY_SESSION_PATH = '/auth/session';
export const DEFAULT_IDENTITY_TIMEOUT_MS = 2000;

/** Longest token passed on; identity's tokens are far shorter, so a longer one cannot be a session. */
const MAX_TOKEN_LENGTH = 2048;
/** RFC 6750 b64token (token68): what a Bearer token may be made of. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The token of an `Authorization: Bearer <token>` value, or undefined when the value is anything else. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length > MAX_TOKEN_LENGTH + 16) return undefined;
  const token = BEARER.exec(authorization)?.[1];
  return token !== undefined && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
    // undici puts the socket error (ECONNREFUSED, ENOTFOUND, ...) in `cause`.
    const cause = error.cause;
    if (cause instanceof Error) return `${error.message}: ${'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message}`;
    return error.message;
  }
  return String(error);
}

/** What one exchange with identity came to: its parsed answer, a refusal (one of `refusals`), or why it could not say. */
type Exchange<T> = { kind: 'answer'; answer: T } | { kind: 'refused' } | { kind: 'unavailable'; reason: string };

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_IDENTITY_TIMEOUT_MS;
  const { baseUrl, fetch: doFetch } = serviceCaller(options.baseUrl, options.fetch);
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const urlOf = (path: string) => new URL(path.slice(1), base);
  const sessionUrl = urlOf(IDENTITY_SESSION_PATH).toString();

  /** GET `url` with the token: the answer when it is 2xx and fits `schema` (`what` names it otherwise). */
  async function exchange<T>(url: string, token: string, refusals: readonly number[], schema: ZodType<T>, what: string): Promise<Exchange<T>> {
    try {
      // The signal bounds the whole exchange: connecting, the headers and reading the body.
      const response = await doFetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        // A redirect is not an answer: never carry the token anywhere else.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (refusals.includes(response.status)) {
        await response.body?.cancel();
        return { kind: 'refused' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'unavailable', reason: `identity answered ${response.status}` };
      }
      const parsed = schema.safeParse(await response.json());
      if (!parsed.success) return { kind: 'unavailable', reason: `identity answered something that is not ${what}` };
      return { kind: 'answer', answer: parsed.data };
    } catch (error) {
      return { kind: 'unavailable', reason: describe(error, timeoutMs) };
    }
  }

  return {
    async lookup(authorization) {
      const token = bearerToken(authorization);
      if (token === undefined) return { kind: 'none' };
      const result = await exchange(sessionUrl, token, [400, 401, 403], sessionAnswerSchema, 'a session');
      if (result.kind === 'answer') return { kind: 'session', session: result.answer };
      return result.kind === 'refused' ? { kind: 'none' } : result;
    },
    async colleagues(authorization, role) {
      const token = bearerToken(authorization);
      if (token === undefined) return { kind: 'none' };
      const url = urlOf(STAFF_COLLEAGUES_API_PATH);
      url.searchParams.set('role', role);
      const result = await exchange(url.toString(), token, [401, 403], staffColleaguesAnswerSchema, 'a list of colleagues');
      if (result.kind === 'answer') return { kind: 'colleagues', colleagues: result.answer.colleagues };
      return result.kind === 'refused' ? { kind: 'none' } : result;
    },
  };
}
