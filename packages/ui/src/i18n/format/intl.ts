import { INTL_LOCALE, type Lang } from '@tca/ui/i18n';

/** The association's time zone: dates and times are shown as in Adelaide, whatever the visitor's clock. */
export const ADELAIDE = 'Australia/Adelaide';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** The Intl formatter for `key`, made once (making one is slow; formatting with it is not). */
function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** A date or time in `lang` (Adelaide time unless `options.timeZone` says otherwise). */
export function formatDate(value: Date | string | number, lang: Lang, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const all = { timeZone: ADELAIDE, ...options };
  const formatter = memo(`d|${lang}|${JSON.stringify(all)}`, () => new Intl.DateTimeFormat(INTL_LOCALE[lang], all));
  return formatter.format(value instanceof Date ? value : new Date(value));
}

/** A number in `lang`. */
export function formatNumber(value: number, lang: Lang, options: Intl.NumberFormatOptions = {}): string {
  return memo(`n|${lang}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(INTL_LOCALE[lang], options)).format(value);
}

/** An amount of Australian dollars in `lang` ("$60.00"; whole dollars without cents when `whole`). */
export function formatAud(dollars: number, lang: Lang, { whole = false }: { whole?: boolean } = {}): string {
  return formatNumber(dollars, lang, {
    style: 'currency',
    currency: 'AUD',
    currencyDisplay: 'narrowSymbol',
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}
