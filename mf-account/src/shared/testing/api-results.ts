import type { ApiError } from '@tca/contracts';
import type { FailedResult } from '@tca/ui/api';

/** How an API call ended, as `callApi` reports it, for the outcome tests. */
export const http = (status: number, error: ApiError | null = null, retryAfter: string | null = null, statusText = ''): FailedResult => ({
  kind: 'http',
  status,
  statusText,
  error,
  retryAfter,
});
export const network: FailedResult = { kind: 'network', message: 'Failed to fetch' };
export const ok = <T>(answer: T | null) => ({ kind: 'ok' as const, status: 200, answer, body: answer });
