/**
 * Long static texts (terms, privacy policy) as data. A paragraph is a string; an array of strings is a
 * bulleted list. Inside either, `[label](href)` is a link: an href starting with `/` stays inside the
 * site, anything else opens as an ordinary external link; a word in backticks is a name the software
 * uses (a storage key), shown as code in English whatever the page's language.
 */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** Fragment id of the section's heading (stable: other pages may link to it). */
  id: string;
  title: string;
  body: readonly LegalBlock[];
}

export interface LegalDocument {
  /** `YYYY-MM-DD`. */
  lastUpdated: string;
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
}

export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; label: string; href: string; internal: boolean }
  | { kind: 'code'; text: string };

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g;

/** Splits text with `[label](href)` links and backticked names into parts to render. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, label = '', href = '', code] = match;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (code !== undefined) parts.push({ kind: 'code', text: code });
    else parts.push({ kind: 'link', label, href, internal: href.startsWith('/') && !href.startsWith('//') });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** `2026-11-25` → `25 November 2026` (Australian order; the date is a calendar date, no time zone). */
export function formatLegalDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const name = months[Number(month) - 1];
  return name ? `${Number(day)} ${name} ${year}` : isoDate;
}
