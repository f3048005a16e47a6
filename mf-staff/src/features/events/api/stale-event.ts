import { staleEventAnswerSchema, type StaleEventAnswer } from '@tca/contracts';
import type { ApiResult, CallOptions } from '@tca/ui/api';
import { callWithConflict } from '../../../shared/call-with-conflict.js';

export interface EventChange<T> {
  result: ApiResult<T>;
  /** The 409 `stale` answer (the event as it is now and what differs), when the call got one. */
  stale: StaleEventAnswer | null;
}

/** callApi for a change with a version; a 409's `current` event and `changed` fields come back as `stale`. */
export async function callEventChange<T>(path: string, options: CallOptions<T>): Promise<EventChange<T>> {
  const { result, conflict } = await callWithConflict(path, options, staleEventAnswerSchema);
  return { result, stale: conflict };
}
