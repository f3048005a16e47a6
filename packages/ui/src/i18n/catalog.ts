import { useSyncExternalStore } from 'react';
import type { I18n, Messages } from '@lingui/core';
import { formatEnglish } from './english.js';
import { currentLang, registerPreloader, subscribeLang, type Lang } from './lang.js';

/**
 * A catalog: the interface texts of one part of one app (a remote's feature, the shell's frame), owned
 * by the team that owns that code. Its English file (`messages/en.json`) is bundled with the code that
 * uses it, so English costs no request; the Tamil one (`messages/ta.json`) is a chunk of its own, fetched
 * only when Tamil is shown. Both are ICU MessageFormat, compiled at build time (the preset's catalog
 * loader): English to strings and small functions (english.ts), Tamil to what Lingui interpolates. The
 * Tamil texts are held by this shared module's one Lingui `i18n` (fetched with the first Tamil catalog),
 * under `<namespace>.<key>`.
 */
export type CatalogFile = Readonly<Record<string, string>>;
export type CatalogModule<M> = { default: M };

export interface Catalog<M extends CatalogFile> {
  readonly namespace: string;
  /** Resolves once the catalog's texts for `lang` are loaded (at once for English). */
  load(lang: Lang): Promise<void>;
  /** Whether `lang`'s texts are loaded. */
  loaded(lang: Lang): boolean;
  /** Whether the last attempt to load `lang`'s texts failed (English is shown; a switch tries again). */
  failed(lang: Lang): boolean;
  /** The English texts (compiled), each key's fallback. */
  readonly english: M;
}

/** Values for a message's `{placeholders}`; numbers drive `{n, plural, …}`. */
export type MessageValues = Readonly<Record<string, string | number>>;

let lingui: I18n | null = null;
let linguiLoading: Promise<I18n> | null = null;

/** The shared Lingui `i18n`, fetched once, when the first Tamil catalog is. */
function loadLingui(): Promise<I18n> {
  linguiLoading ??= import('@lingui/core').then(
    (module) => (lingui = module.i18n),
    (error: unknown) => {
      linguiLoading = null;
      throw error;
    },
  );
  return linguiLoading;
}

function prefixed(namespace: string, messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, message] of Object.entries(messages)) out[`${namespace}.${key}`] = message;
  return out;
}

/**
 * Declares a catalog: `namespace` must be unique across the site (`<app>.<feature>`); `en` is the
 * English file, imported; `ta` imports the Tamil file (a lazy chunk).
 */
export function defineCatalog<M extends CatalogFile>(
  namespace: string,
  en: M,
  ta: () => Promise<CatalogModule<CatalogFile>>,
): Catalog<M> {
  const done = new Set<Lang>(['en']);
  const pending = new Map<Lang, Promise<void>>();
  const failed = new Set<Lang>();
  const catalog: Catalog<M> = {
    namespace,
    english: en,
    loaded: (lang) => done.has(lang),
    failed: (lang) => failed.has(lang),
    load(lang) {
      if (done.has(lang)) return Promise.resolve();
      let loading = pending.get(lang);
      if (!loading) {
        failed.delete(lang);
        loading = Promise.all([loadLingui(), ta()]).then(
          ([i18n, module]) => {
            i18n.load(lang, prefixed(namespace, module.default as unknown as Messages));
            done.add(lang);
          },
          (error: unknown) => {
            // A failed chunk is fetched again on the next switch.
            pending.delete(lang);
            failed.add(lang);
            throw error;
          },
        );
        pending.set(lang, loading);
      }
      return loading;
    },
  };
  registerPreloader((lang) => catalog.load(lang).catch(() => undefined));
  // Declared while Tamil is shown (a page opened in Tamil loads this code later): fetch at once, so texts
  // read outside React (translator) are Tamil too by the time they are shown.
  const shown = currentLang();
  if (shown !== 'en') catalog.load(shown).catch(() => undefined);
  return catalog;
}

export type Translate<M extends CatalogFile> = (key: keyof M & string, values?: MessageValues) => string;

/** `t(key, values)` for the catalog's keys, in the language shown. */
export function translator<M extends CatalogFile>(catalog: Catalog<M>): Translate<M> {
  const lang = currentLang();
  const i18n = lingui;
  if (lang === 'en' || i18n === null || !catalog.loaded(lang)) return (key, values) => formatEnglish(catalog.english[key], values);
  if (i18n.locale !== lang) i18n.activate(lang);
  // A Tamil text missing from its file (the catalog test catches that) shows the English one.
  return (key, values) => {
    const id = `${catalog.namespace}.${key}`;
    return i18n.messages[id] === undefined ? formatEnglish(catalog.english[key], values) : i18n._(id, values);
  };
}

/** The language shown, re-rendering on a switch. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribeLang, currentLang, () => 'en' as Lang);
}

/**
 * The catalog's `t`: suspends (the nearest Suspense boundary shows its fallback) while the shown
 * language's texts load, which happens only when a page opens in Tamil (a switch loads first); if
 * they cannot be fetched, the English texts show.
 */
export function useT<M extends CatalogFile>(catalog: Catalog<M>): Translate<M> {
  const lang = useLang();
  if (!catalog.loaded(lang) && !catalog.failed(lang)) throw catalog.load(lang).catch(() => undefined);
  return translator(catalog);
}
