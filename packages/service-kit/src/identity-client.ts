import { sessionAnswerSchema, type SessionAnswer } from '@tca/contracts';

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

export interface IdentityClient {
  /** Looks up the session of an `Authorization` header value (`Bearer <token>`); undefined = no header. */
  lookup(authorization: string | undefined): Promise<IdentityLookup>;
}

export interface IdentityClientOptions {
  /** The identity service's base URL, e.g. http://127.0.0.1:4002 (a trailing slash or a path prefix is fine). */
  baseUrl: string;
  /** The longest a lookup waits, body included. Default 2000 ms. */
  timeoutMs?: number;
  /** For tests; default the global fetch. */
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

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_IDENTITY_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const url = new URL(IDENTITY_SESSION_PATH.slice(1), options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`).toString();

  return {
    async lookup(authorization) {
      const token = bearerToken(authorization);
      if (token === undefined) return { kind: 'none' };
      try {
        // The signal bounds the whole exchange: connecting, the headers and reading the body.
        const response = await doFetch(url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          // A redirect is not a session answer: never carry the token anywhere else.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status === 400 || response.status === 401 || response.status === 403) {
          await response.body?.cancel();
          return { kind: 'none' };
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { kind: 'unavailable', reason: `identity answered ${response.status}` };
        }
        const parsed = sessionAnswerSchema.safeParse(await response.json());
        if (!parsed.success) return { kind: 'unavailable', reason: 'identity answered something that is not a session' };
        return { kind: 'session', session: parsed.data };
      } catch (error) {
        return { kind: 'unavailable', reason: describe(error, timeoutMs) };
      }
    },
  };
}
