import type { MembershipLevel } from '@tca/contracts';

// How a level's price and term read on the cards, the confirm dialog, the order summary and the demo checkout.

/** "$20" → "$20.00 AUD"-style money for the order summary. */
export function formatAud(amount: number): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(amount);
}

/** How the term reads on a card and in the summary. */
export function termText(level: Pick<MembershipLevel, 'term'>): string {
  return level.term === 'annual' ? 'Annual (one year)' : 'Life-time';
}
