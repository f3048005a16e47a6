import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * A service's texts in English and Tamil (e-mails, the hosted checkout page), from the same kind of
 * `messages/en.json` + `messages/ta.json` catalogs the browser apps use (ICU MessageFormat, Lingui),
 * compiled once when the service starts: a broken text stops it with the file's key.
 */
export const SITE_LANGS = ['en', 'ta'] as const;
export type SiteLang = (typeof SITE_LANGS)[number];

export function isSiteLang(value: unknown): value is SiteLang {
  return value === 'en' || value === 'ta';
}

/**
 * The site language a request asks for: `?lang=`, else the first of English or Tamil in its
 * `Accept-Language` (the browser apps send the language shown), else English.
 */
export function requestLang(acceptLanguage: string | undefined | null, query?: unknown): SiteLang {
  if (isSiteLang(query)) return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isSiteLang(primary)) return primary;
  }
  return 'en';
}

export type TextValues = Readonly<Record<string, string | number>>;
export type Texts<K extends string> = (key: K, values?: TextValues) => string;

function compile(messages: Readonly<Record<string, string>>, file: string): Messages {
  const out: Messages = {};
  for (const [key, text] of Object.entries(messages)) {
    try {
      out[key] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not valid ICU MessageFormat`, { cause: error });
    }
  }
  return out;
}

/**
 * `textsFor(lang)(key, values)`. A key missing from the Tamil file (the catalog test catches that)
 * shows its English text.
 */
export function serviceTexts<M extends Readonly<Record<string, string>>>(
  name: string,
  en: M,
  ta: Readonly<Record<string, string>>,
): (lang: SiteLang) => Texts<keyof M & string> {
  const english = compile(en, `${name}/en.json`);
  const instances: Record<SiteLang, I18n> = {
    en: setupI18n({ locale: 'en', messages: { en: english } }),
    ta: setupI18n({ locale: 'ta', messages: { ta: { ...english, ...compile(ta, `${name}/ta.json`) } } }),
  };
  return (lang) => (key, values) => instances[lang]._(key, values);
}
