import { parseApiError, type ApiError } from '@tca/contracts';
import { currentLang, translator } from '@tca/ui/i18n';
import { retryCatalog } from './retry/messages.js';

/**
 * The one API client of every remote (`@tca/ui/api`): a same-origin call that never throws and says
 * how it ended, the Bearer token when there is one, a time-out, and the two answers every page treats
 * alike — a token the server no longer accepts, and too many attempts.
 */

/** A schema's `safeParse`, the only part of a validation library a caller's answer check needs. */
export interface AnswerParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** How one API call ended; `callApi` never throws. */
export type ApiResult<T> =
  /** 2xx. `answer` is null when the body is not the expected shape (or no parser was given); `body` is what came. */
  | { kind: 'ok'; status: number; answer: T | null; body: unknown }
  /** A non-ok status; `error` is the service's `{ error, message, fields? }` body when it sent one. */
  | { kind: 'http'; status: number; statusText: string; error: ApiError | null; retryAfter: string | null }
  /** No answer at all (offline, refused, timed out, cancelled). */
  | { kind: 'network'; message: string };

export type FailedResult = Exclude<ApiResult<unknown>, { kind: 'ok' }>;
export type HttpFailure = Extract<FailedResult, { kind: 'http' }>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** An API call that has had no answer for this long counts as "no response". */
export const API_TIMEOUT_MS = 20_000;
/** Uploads may be a few megabytes on a slow line. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface CallOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded, or sent as it is when it is FormData (multipart). */
  body?: unknown;
  /** The session token, sent as `Authorization: Bearer …`. */
  token?: string | null;
  answer?: AnswerParser<T>;
  fetchImpl?: FetchLike;
  timeoutMs?: number;
  /** Cancels the call (e.g. the page was left); a cancelled call ends as `network`. */
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Calls a same-origin API path and classifies the outcome. */
export async function callApi<T = unknown>(path: string, options: CallOptions<T> = {}): Promise<ApiResult<T>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, answer, timeoutMs = API_TIMEOUT_MS } = options;
  const fetchImpl: FetchLike = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  // The language shown: services write e-mails (and the hosted checkout page) in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLang() };
  // FormData sets its own multipart content type with the boundary.
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      headers,
      ...(body !== undefined ? { body: multipart ? (body as FormData) : JSON.stringify(body) } : {}),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
  }
  const json = await readJson(response);
  if (response.ok) {
    if (!answer) return { kind: 'ok', status: response.status, answer: null, body: json };
    const parsed = answer.safeParse(json);
    return { kind: 'ok', status: response.status, answer: parsed.success ? parsed.data : null, body: json };
  }
  return {
    kind: 'http',
    status: response.status,
    statusText: response.statusText,
    error: parseApiError(json),
    retryAfter: response.headers.get('Retry-After'),
  };
}

/** The identity service's codes for a token it no longer accepts (expired, revoked, unknown). */
const REJECTED_TOKEN_CODES = new Set(['session_expired', 'unauthorized', 'invalid_token', 'token_expired', 'token_revoked']);

/**
 * True when the server no longer accepts the session token: a 401 with one of the session codes or
 * with no error body. Other 401s (e.g. a wrong current password) are ordinary failures. The page then
 * ends the browser session (`endSession('rejected')` or `clearSession()` in `@tca/ui/session`).
 */
export function isRejectedToken(result: ApiResult<unknown>): boolean {
  if (result.kind !== 'http' || result.status !== 401) return false;
  return result.error === null || REJECTED_TOKEN_CODES.has(result.error.error);
}

/**
 * A `Retry-After` header (seconds or an HTTP date) as a sentence in the language shown, or null when
 * it is absent or unreadable. `now` is for tests.
 */
export function retryAfterText(header: string | null, now = Date.now()): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    seconds = Math.max(0, Math.round((at - now) / 1000));
  }
  const t = translator(retryCatalog);
  if (seconds <= 1) return t('retry.moment');
  if (seconds < 60) return t('retry.seconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('retry.minutes', { n: minutes });
  return t('retry.hours', { n: Math.ceil(minutes / 60) });
}

/**
 * A 429's text: the service's message (or "Too many attempts.") and when to try again. In Tamil the
 * kit's own sentence stands for the service's English one.
 */
export function tooManyText(result: HttpFailure): string {
  const t = translator(retryCatalog);
  const base = (currentLang() === 'en' && result.error?.message?.trim()) || t('tooMany');
  const when = retryAfterText(result.retryAfter);
  return when ? `${base} ${when}` : base;
}
