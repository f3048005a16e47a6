/**
 * Turning a service's error answer into words, shared by every form: when to try again after a
 * 429, and which of a 400's field messages belong under the form's own fields. It depends only on the
 * shared `@tca/ui/i18n` (its sentences are in the language shown), so any module may use it (the apps'
 * API clients parse the answer with @tca/contracts' schemas).
 */
import { translator } from '@tca/ui/i18n';
import { retryCatalog } from './retry/messages.js';

/** The part of a service's `{ error, message, fields? }` answer these helpers read. */
export interface FieldErrors {
  fields?: Readonly<Record<string, string>> | undefined;
}

/**
 * A `Retry-After` header (seconds or an HTTP date) as a sentence in the language shown, or null when
 * it is absent or unreadable. `now` is for tests.
 */
export function retryAfterText(header: string | null, now = Date.now()): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    seconds = Math.max(0, Math.round((at - now) / 1000));
  }
  const t = translator(retryCatalog);
  if (seconds <= 1) return t('retry.moment');
  if (seconds < 60) return t('retry.seconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('retry.minutes', { n: minutes });
  return t('retry.hours', { n: Math.ceil(minutes / 60) });
}

/**
 * Splits an error answer's per-field messages into those for fields the form shows and the rest
 * (as text, in the order the server sent them), so no message is dropped.
 */
export function splitFieldMessages<F extends string>(
  error: FieldErrors | null | undefined,
  visibleFields: readonly F[],
): { fields: Partial<Record<F, string>>; others: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(error?.fields ?? {})) {
    if ((visibleFields as readonly string[]).includes(name)) fields[name as F] = message;
    else others.push(message);
  }
  return { fields, others };
}
