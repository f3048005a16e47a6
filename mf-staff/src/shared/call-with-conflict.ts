import { callApi, type AnswerParser, type ApiResult, type CallOptions, type FetchLike } from '@tca/ui/api';

export interface ConflictResult<T, C> {
  result: ApiResult<T>;
  /** The 409 answer parsed with the call's schema (what the thing is now and what differs), when the call got one. */
  conflict: C | null;
}

/**
 * callApi for a change that can be refused as stale: callApi keeps only `{ error, message, fields }` of an
 * error answer, so a 409's body is also read here (from a copy of the response) with `schema`.
 */
export async function callWithConflict<T, C>(path: string, options: CallOptions<T>, schema: AnswerParser<C>): Promise<ConflictResult<T, C>> {
  let conflict: C | null = null;
  const inner: FetchLike = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const fetchImpl: FetchLike = async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 409) {
      try {
        const parsed = schema.safeParse(await response.clone().json());
        if (parsed.success) conflict = parsed.data;
      } catch {
        // Not JSON: callApi reports the 409 without the details.
      }
    }
    return response;
  };
  const result = await callApi(path, { ...options, fetchImpl });
  return { result, conflict };
}
