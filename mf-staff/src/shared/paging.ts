import { currentLang } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';

/** Paged staff lists (tickets, orders): how many pages an answer spans and which rows a page shows. */

/** Pages an answer spans (at least 1). */
export function pageCount(answer: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(answer.total / answer.pageSize));
}

/** "Tickets 26–50 of 61" (`noun` capitalised by the caller's choice), or that there are none. English only: a Tamil page needs a whole sentence of its feature's catalog. */
export function rangeText(answer: { total: number; page: number; pageSize: number }, shown: number, noun: string): string {
  if (answer.total === 0 || shown === 0) return `No ${noun.toLowerCase()} on this page.`;
  const first = (answer.page - 1) * answer.pageSize + 1;
  return `${noun} ${first}–${first + shown - 1} of ${answer.total}`;
}

const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** A moment in Adelaide's time in the language shown, as `options` write it; unreadable text as it came. */
export function momentText(iso: string, options: Intl.DateTimeFormatOptions): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatDate(at, currentLang(), options);
}

/** A moment in Adelaide's time (the association's), e.g. "27 Nov 2026, 3:05 pm"; unreadable text as it came. */
export const adelaideMoment = (iso: string): string => momentText(iso, MOMENT);
