import { tooManyText, type FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { knownText } from './known-text.js';
import { sharedCatalog } from './messages.js';

/**
 * What a failed staff call says on the page: the service's own message (a 403 names the missing role,
 * a 409 the last owner, ...; the staff services' known messages in the language shown), how long to wait after too many attempts, or that no answer came.
 */
export function failureText(result: FailedResult): string {
  const t = translator(sharedCatalog);
  if (result.kind === 'network') return t('failure.network');
  if (result.status === 429) return tooManyText(result);
  const server = result.error?.message?.trim();
  if (server) return knownText(server, sharedCatalog);
  return t('failure.status', { status: `${result.status} ${result.statusText}`.trim() });
}
