import { stalePostAnswerSchema, type StalePostAnswer } from '@tca/contracts';
import type { ApiResult, CallOptions } from '@tca/ui/api';
import { callWithConflict } from '../../../shared/call-with-conflict.js';

export interface ChangeResult<T> {
  result: ApiResult<T>;
  /** The 409 `stale` answer (the post as it is now and what differs), when the call got one. */
  stale: StalePostAnswer | null;
}

/** callApi for a change with a version; a 409's `current` post and `changed` fields come back as `stale`. */
export async function callWithStale<T>(path: string, options: CallOptions<T>): Promise<ChangeResult<T>> {
  const { result, conflict } = await callWithConflict(path, options, stalePostAnswerSchema);
  return { result, stale: conflict };
}
