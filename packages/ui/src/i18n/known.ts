import { currentLang, defineCatalog, translator, type Catalog, type CatalogFile, type CatalogModule, type Lang } from '@tca/ui/i18n';

/*
 * `@tca/ui/i18n/known`: texts that travel as English values (a schema's validation message, a service's
 * known message) shown in the language shown. Not a shared module, like `/format`: its only state is per
 * table, so each app bundles it only if it uses it, and the shell's first load carries none of it.
 */

/**
 * The catalog's texts without placeholders, by their English wording: for texts that travel as values
 * (a schema's or a service's English message) and are shown in the language shown by looking them up.
 */
export function englishIndex<M extends CatalogFile>(catalog: Catalog<M>): ReadonlyMap<string, keyof M & string> {
  const index = new Map<string, keyof M & string>();
  for (const [key, message] of Object.entries(catalog.english) as Array<[keyof M & string, unknown]>) {
    // A built catalog's text with placeholders is a function; node tests import the JSON as written.
    if (typeof message === 'string' && !message.includes('{')) index.set(message, key);
  }
  return index;
}

/**
 * Texts the site receives as English values and shows in the language shown: a schema's validation
 * message, a service's known message. English shows them as they came, so only another language
 * needs the table: its English and Tamil files are both lazy chunks, fetched with Tamil (on a switch,
 * or at once on a page opened in Tamil), and an English visitor's first load carries neither.
 */
export interface KnownTexts {
  readonly namespace: string;
  load(lang: Lang): Promise<void>;
  /** `message` in the language shown when it is one of these texts (and they are loaded); else as it came. */
  shown<T extends string | undefined>(message: T): T;
  /** `'en'` when `message` shows as it came on a page in another language (its element is marked so). */
  foreign(message: string | null | undefined): 'en' | undefined;
  /** The catalog behind it, for `useT` (suspends while the shown language's table loads). */
  readonly catalog: Catalog<CatalogFile>;
}

/** Declares known texts (namespace unique, like a catalog's); `en` and `ta` import the two files. */
export function defineKnownTexts(
  namespace: string,
  en: () => Promise<CatalogModule<CatalogFile>>,
  ta: () => Promise<CatalogModule<CatalogFile>>,
): KnownTexts {
  // Filled when the table loads: the English a key falls back to, and each English wording's key.
  const english: Record<string, string> = {};
  let byEnglish: ReadonlyMap<string, string> = new Map();
  const catalog = defineCatalog(namespace, english as CatalogFile, () =>
    Promise.all([en(), ta()]).then(([enModule, taModule]) => {
      Object.assign(english, enModule.default);
      byEnglish = englishIndex(catalog);
      return taModule;
    }),
  );
  const lookUp = (message: string) => (currentLang() === 'en' ? undefined : byEnglish.get(message.trim()));
  return {
    namespace,
    catalog,
    load: (lang) => catalog.load(lang),
    shown<T extends string | undefined>(message: T): T {
      const key = message === undefined ? undefined : lookUp(message);
      return (key === undefined ? message : translator(catalog)(key)) as T;
    },
    foreign: (message) => (message && currentLang() !== 'en' && lookUp(message) === undefined ? 'en' : undefined),
  };
}
