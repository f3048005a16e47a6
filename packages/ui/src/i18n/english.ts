import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * English, the site's source language, without the Lingui runtime: most visitors read English, and
 * Lingui (2.2 KB gzip) then loads only with the Tamil texts. The preset's catalog loader compiles each
 * English text at build time to a string, or to a function of its values that formats it the way
 * Lingui's interpolate does, with the two helpers below for plurals and select (tools/code-shape's
 * catalog test runs every English text of the site both ways and compares). In node tests and
 * development the JSON is imported as written, and formatEnglish interprets it here.
 */
type Values = Readonly<Record<string, string | number>>;
type Cases = Readonly<Record<string, CompiledMessage | number | undefined>>;
/** An English text as built: a plain string, or a function of its values. */
export type EnglishMessage = string | ((values: Values) => string);
/** A plural's case as built: its text, or a function of the count (formatted) for one that shows `#`. */
type BuiltCase = string | ((count: string) => string);

const OCTOTHORPE = '\u0000#\u0000';
let pluralRules: Intl.PluralRules | null = null;
let numbers: Intl.NumberFormat | null = null;

/**
 * `{value, plural, …}` of a built English text: the exact case (`=0` is `0`), else the case English's
 * plural rules choose, else `other`; `#` in it is the count, formatted.
 */
export function englishPlural(value: unknown, cases: Readonly<Record<string, BuiltCase>>): string {
  const count = Number(value);
  const chosen = own(cases, String(value)) ?? own(cases, (pluralRules ??= new Intl.PluralRules('en')).select(count)) ?? cases.other;
  return typeof chosen === 'function' ? chosen(count.toLocaleString('en')) : (chosen ?? '');
}

/** `{value, select, …}` of a built English text: the case named `value`, else `other`. */
export function englishSelect(value: unknown, cases: Readonly<Record<string, string>>): string {
  return own(cases, String(value)) ?? cases.other ?? '';
}

function own<T>(object: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function text(tokens: CompiledMessage, values: Values, inPlural: boolean): string {
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += token === '#' && inPlural ? OCTOTHORPE : token;
      continue;
    }
    const [name, type, format] = token;
    const value = own(values, name);
    if (type === 'plural' || type === 'selectordinal') {
      const cases = format as Cases;
      const count = Number(value);
      const offset = Number(cases.offset ?? 0);
      pluralRules ??= new Intl.PluralRules('en');
      const rules = type === 'plural' ? pluralRules : new Intl.PluralRules('en', { type: 'ordinal' });
      const chosen = (own(cases, String(value)) ?? own(cases, rules.select(count - offset)) ?? cases.other) as CompiledMessage | undefined;
      numbers ??= new Intl.NumberFormat('en');
      out += text(chosen ?? [], values, true).split(OCTOTHORPE).join(numbers.format(count - offset));
    } else if (type === 'select') {
      const cases = format as Cases;
      out += text((own(cases, String(value)) ?? cases.other ?? []) as CompiledMessage, values, false);
    } else if (type === 'number' && typeof value === 'number') {
      out += new Intl.NumberFormat('en', typeof format === 'object' && format !== null ? format : {}).format(value);
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}

/**
 * An English catalog text with its values. A built catalog's text is a string or a function; in node
 * tests and development the JSON is imported as written, so a text with arguments is compiled and
 * interpreted here (never in a production build, which drops this branch, the compiler and the
 * interpreter with it). A compiled token list is interpreted too (tests compare the two ways).
 */
export function formatEnglish(message: EnglishMessage | CompiledMessage | undefined, values: Values = {}): string {
  if (message === undefined) return '';
  if (typeof message === 'function') return message(values);
  if (process.env.NODE_ENV === 'production') return message as string;
  if (typeof message === 'string' && !message.includes('{')) return message;
  return text(typeof message === 'string' ? compileMessage(message) : message, values, false);
}
