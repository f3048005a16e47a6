import { currentLang, defineCatalog, translator } from '@tca/ui/i18n';
import { formatAud, formatNumber } from '@tca/ui/i18n/format';
import { formatAmount } from '@tca/contracts';
import en from './messages/en.json';

/**
 * The treasurer's desk's texts (catalog `staff.treasurer`): the order list, an order's page, the refund and
 * its dialog, the order states and tabs by key, the payments service's known answers.
 */
export const treasurerCatalog = defineCatalog('staff.treasurer', en, () => import('./messages/ta.json'));

export type TreasurerKey = keyof typeof en & string;

/**
 * An amount in cents as the receipts write it in English (`A$50.00`, `12.00 USD`); in Tamil through
 * Intl (formatAud for Australian dollars). Negative amounts (a month's net) keep their sign.
 */
export function moneyText(cents: number, currency: string): string {
  const lang = currentLang();
  if (lang === 'en') return cents < 0 ? `-${formatAmount(-cents, currency)}` : formatAmount(cents, currency);
  if (currency.toLowerCase() === 'aud') return formatAud(cents / 100, lang);
  return `${formatNumber(cents / 100, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.toUpperCase()}`;
}

/** An order's state ("paid", "refunded"...) by name, in the language shown; an unknown one as it came. */
export function orderStateName(status: string): string {
  const key = `status.${status}`;
  return key in en ? translator(treasurerCatalog)(key as TreasurerKey) : status;
}
