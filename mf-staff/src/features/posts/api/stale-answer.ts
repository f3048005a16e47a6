import { stalePostAnswerSchema, type StalePostAnswer } from '@tca/contracts';
import { callApi, type ApiResult, type CallOptions, type FetchLike } from '@tca/ui/api';

export interface ChangeResult<T> {
  result: ApiResult<T>;
  /** The 409 `stale` answer (the post as it is now and what differs), when the call got one. */
  stale: StalePostAnswer | null;
}

/**
 * callApi for a change with a version: callApi keeps only `{ error, message, fields }` of an error answer,
 * so a 409's body is read here too (from a copy of the response) for its `current` post and `changed` fields.
 */
export async function callWithStale<T>(path: string, options: CallOptions<T>): Promise<ChangeResult<T>> {
  let stale: StalePostAnswer | null = null;
  const inner: FetchLike = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const fetchImpl: FetchLike = async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 409) {
      try {
        const parsed = stalePostAnswerSchema.safeParse(await response.clone().json());
        if (parsed.success) stale = parsed.data;
      } catch {
        // Not JSON: callApi reports the 409 without the details.
      }
    }
    return response;
  };
  const result = await callApi(path, { ...options, fetchImpl });
  return { result, stale };
}
