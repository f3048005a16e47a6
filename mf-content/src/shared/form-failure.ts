import { retryAfterText, tooManyText, type FailedResult } from '@tca/ui/api';
import { currentLang, translator } from '@tca/ui/i18n';
import { shownSentences } from './forms/messages.js';
import { sharedCatalog } from './messages.js';

/**
 * What a form shows after a failed post: shared by the contact and ticket forms, whose own rules are
 * features/contact/contact-failure.ts and features/support-ticket/ticket-failure.ts. Its texts are in
 * the language shown when the post failed.
 */
export interface FormFailure<F extends string> {
  /** The headline of the alert. */
  message: string;
  /** More from the server (its message, or messages for fields the form does not show), or null. */
  detail: string | null;
  /** Messages to show under the form's own fields (English: the form shows them with `shownText`). */
  fields: Partial<Record<F, string>>;
  /** 'en' when the page is in Tamil but the alert holds a server's English words (lang="en" on it). */
  lang?: 'en';
}

/** The server's words for a client error, with `lang: 'en'` when they stay English on a Tamil page. */
export interface ServerDetail {
  text: string | null;
  lang?: 'en';
}

/** The server's own words for a client error: its message, then messages for hidden fields. */
export function serverDetail(result: Extract<FailedResult, { kind: 'http' }>, others: string[]): ServerDetail {
  const parts: string[] = [];
  if (result.error?.message) parts.push(result.error.message);
  parts.push(...others.filter((text) => !parts.includes(text)));
  if (currentLang() !== 'en') return shownDetail(result, parts);
  if (result.status === 429 && !result.error?.message) {
    parts.push(retryAfterText(result.retryAfter) ?? translator(sharedCatalog)('tooMany'));
  }
  return { text: parts.length > 0 ? parts.join(' ') : null };
}

/**
 * In Tamil: a 429 in the kit's words (the service's English limit message gives way), known validation
 * messages translated, anything else as it came.
 */
function shownDetail(result: Extract<FailedResult, { kind: 'http' }>, parts: string[]): ServerDetail {
  if (result.status === 429) return { text: result.retryAfter ? tooManyText(result) : translator(sharedCatalog)('tooMany') };
  let foreign = false;
  const shown = parts.map((part) => {
    const text = shownSentences(part);
    if (text === null) foreign = true;
    return text ?? part;
  });
  if (shown.length === 0) return { text: null };
  return foreign ? { text: shown.join(' '), lang: 'en' } : { text: shown.join(' ') };
}
