import { apiErrorSchema, type ApiError } from '@tca/contracts';

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

/** POSTs a form as JSON to a same-origin API path and classifies the outcome; never throws. */
export async function postForm<T>(
  path: string,
  body: unknown,
  answer: AnswerParser<T>,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<SubmitResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
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
  const error = apiErrorSchema.safeParse(json);
  return {
    kind: 'http',
    status: response.status,
    statusText: response.statusText,
    error: error.success ? error.data : null,
    retryAfter: response.headers.get('Retry-After'),
  };
}
