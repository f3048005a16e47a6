import { parseApiError, SESSION_STORAGE_KEYS, type ApiError } from '@tca/contracts';
import { browserStorage, readStoredUser } from './stored-user.js';

/** A schema's `safeParse`, the only part of zod this module needs. */
interface AnswerParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** How one form post ended. */
export type SubmitResult<T> =
  /** 2xx. `answer` is null when the body is not the expected shape (the post still succeeded). */
  | { kind: 'ok'; answer: T | null }
  /** A non-ok status; `error` is the service's `{ error, message, fields? }` body when it sent one. */
  | { kind: 'http'; status: number; statusText: string; error: ApiError | null; retryAfter: string | null }
  /** No answer at all (offline, DNS, CORS, aborted). */
  | { kind: 'network'; message: string };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** RFC 6750 b64token: what may follow `Bearer ` in a header (anything else would make fetch throw). */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const MAX_TOKEN_LENGTH = 2048;

/**
 * The login token to send with a form: the one stored under `token` (or, from older logins, inside the
 * stored user) while the browser has a stored, unexpired user (spec §3); otherwise null. Never throws,
 * and never returns something that is not a valid Bearer token, so a form always goes out.
 */
export function readSessionToken(storage: Pick<Storage, 'getItem'> | null | undefined, now = Date.now()): string | null {
  const user = readStoredUser(storage, now);
  if (!user) return null;
  let stored: string | null;
  try {
    stored = storage?.getItem(SESSION_STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
  let token = (stored ?? '').trim() || (user.token ?? '').trim();
  // A token written with JSON.stringify keeps its quotes.
  if (token.length >= 2 && token.startsWith('"') && token.endsWith('"')) token = token.slice(1, -1);
  return token.length <= MAX_TOKEN_LENGTH && TOKEN.test(token) ? token : null;
}

/**
 * POSTs a form as JSON to a same-origin API path and classifies the outcome; never throws. With a login
 * `token` (by default the browser's stored session, see readSessionToken) it sends `Authorization: Bearer`,
 * so the service files the message or ticket under the member's account ("Download my data").
 */
export async function postForm<T>(
  path: string,
  body: unknown,
  answer: AnswerParser<T>,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  token: string | null = readSessionToken(browserStorage()),
): Promise<SubmitResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    return { kind: 'network', message: error instanceof Error ? error.message : '' };
  }
  const json = await readJson(response);
  if (response.ok) {
    const parsed = answer.safeParse(json);
    return { kind: 'ok', answer: parsed.success ? parsed.data : null };
  }
  const error = parseApiError(json);
  return {
    kind: 'http',
    status: response.status,
    statusText: response.statusText,
    error,
    retryAfter: response.headers.get('Retry-After'),
  };
}
