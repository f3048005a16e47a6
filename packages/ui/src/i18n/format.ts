import { Fragment, createElement, type ReactNode } from 'react';
import { INTL_LOCALE, type Lang } from '@tca/ui/i18n';

/*
 * `@tca/ui/i18n/format`: dates, numbers, money and mixed-language text for the language shown. Not a
 * shared module: it holds no state, so each app bundles only the helpers it uses, and the shell's first
 * load carries none of them.
 */

/** The association's time zone: dates and times are shown as in Adelaide, whatever the visitor's clock. */
export const ADELAIDE = 'Australia/Adelaide';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
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

/**
 * A translated sentence with parts in markup: `<0>…</0>` in the message is rendered by `parts[0]`
 * (a link, <strong>), so translators may move the part within the sentence.
 */
export function richText(message: string, parts: Readonly<Record<number, (children: string) => ReactNode>>): ReactNode {
  const out: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    const index = match.index;
    if (index > last) out.push(message.slice(last, index));
    const render = parts[Number(match[1])];
    out.push(createElement(Fragment, { key: index }, render ? render(match[2] ?? '') : (match[2] ?? '')));
    last = index + match[0].length;
  }
  if (last < message.length) out.push(message.slice(last));
  return createElement(Fragment, null, ...out);
}

/**
 * Which version of a content field to show: the Tamil one when Tamil is shown and an editor wrote it,
 * else the English one, with `lang: 'en'` to put on its element when the page around it is Tamil
 * (screen readers then read it as English). `lang` is undefined when the text matches the page.
 */
export function pickText(english: string, tamil: string | null | undefined, shown: Lang): { text: string; lang: 'en' | undefined } {
  if (shown === 'ta' && tamil && tamil.trim()) return { text: tamil, lang: undefined };
  return { text: english, lang: shown === 'en' ? undefined : 'en' };
}
