/** Paged staff lists (tickets, orders): how many pages an answer spans and which rows a page shows. */

/** Pages an answer spans (at least 1). */
export function pageCount(answer: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(answer.total / answer.pageSize));
}

/** "Tickets 26–50 of 61" (`noun` capitalised by the caller's choice), or that there are none. */
export function rangeText(answer: { total: number; page: number; pageSize: number }, shown: number, noun: string): string {
  if (answer.total === 0 || shown === 0) return `No ${noun.toLowerCase()} on this page.`;
  const first = (answer.page - 1) * answer.pageSize + 1;
  return `${noun} ${first}–${first + shown - 1} of ${answer.total}`;
}

const MOMENT = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Adelaide' });

/** A moment in Adelaide's time (the association's), e.g. "27 Nov 2026, 3:05 pm"; unreadable text as it came. */
export function adelaideMoment(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : MOMENT.format(at);
}
