import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * English, the site's source language, without the Lingui runtime: most visitors read English, and
 * Lingui (2.2 KB gzip) then loads only with the Tamil texts. The catalogs are compiled at build time
 * (the preset's catalog loader), so English needs only what turns a compiled message into text: its
 * arguments, plurals, select and `#`, the same way Lingui's interpolate does (tools/code-shape's
 * catalog test formats every English text both ways and compares).
 */
type Values = Readonly<Record<string, string | number>>;
type Cases = Readonly<Record<string, CompiledMessage | number | undefined>>;

const OCTOTHORPE = '\u0000#\u0000';
let pluralRules: Intl.PluralRules | null = null;
let numbers: Intl.NumberFormat | null = null;

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
 * An English catalog text with its values. Built catalogs hold compiled messages; in node tests and
 * development the JSON is imported as written and compiled here (never in a production build, which
 * drops this branch and the compiler with it).
 */
export function formatEnglish(message: string | CompiledMessage | undefined, values: Values = {}): string {
  if (message === undefined) return '';
  let compiled = message;
  if (typeof compiled === 'string') {
    if (process.env.NODE_ENV === 'production' || !compiled.includes('{')) return compiled;
    compiled = compileMessage(compiled);
  }
  return text(compiled, values, false);
}
