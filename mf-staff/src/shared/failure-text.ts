import { tooManyText, type FailedResult } from '@tca/ui/api';

/**
 * What a failed staff call says on the page: the service's own message (a 403 names the missing role,
 * a 409 the last owner, ...), how long to wait after too many attempts, or that no answer came.
 */
export function failureText(result: FailedResult): string {
  if (result.kind === 'network') return 'No answer from the server. Check your connection and try again.';
  if (result.status === 429) return tooManyText(result);
  const server = result.error?.message?.trim();
  if (server) return server;
  return `The server answered ${`${result.status} ${result.statusText}`.trim()}. Please try again.`;
}
