import type { ApiError } from '@tca/contracts';
import type { FetchLike, HttpFailure } from '../api.js';

/**
 * Test doubles for code that calls the API through `callApi` (`@tca/ui/api`): a fetch that records
 * what it was asked and answers from the test, and the results `callApi` hands back.
 */

/** One request a recording fetch received. */
export interface FetchCall {
  input: string;
  init: RequestInit;
}

/** A fetch (`fetchImpl`) that records each call in `calls` and answers it with a fresh `response()`. */
export function answering(response: () => Response | Promise<Response>, calls: FetchCall[] = []): FetchLike {
  return async (input, init) => {
    calls.push({ input, init });
    return response();
  };
}

/** A JSON answer with this status (and any further headers). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** What `callApi` returns for an answer that is not ok: its status, the server's error body if any, Retry-After if sent. */
export function httpFailure(status: number, statusText: string, error: ApiError | null, retryAfter: string | null = null): HttpFailure {
  return { kind: 'http', status, statusText, error, retryAfter };
}
