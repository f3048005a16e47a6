import { formatAmount } from '@tca/contracts';
import { currentLang } from '@tca/ui/i18n';
import { formatAud, formatNumber } from '@tca/ui/i18n/format';

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
