/**
 * The site's two languages and the one this browser shows (`@tca/ui/i18n`, a shared singleton: the
 * shell's switch and every remote read the same state). The choice is, in order: `?lang=ta|en` in the
 * address (the links search engines and link previews follow), the one this browser chose before
 * (localStorage), then the browser's own languages (a first visit), else English. Nothing here throws
 * on blocked storage.
 */
export const LANGS = ['en', 'ta'] as const;
export type Lang = (typeof LANGS)[number];

/** Where the chosen language is remembered in this browser. */
export const LANG_STORAGE_KEY = 'tca.lang';
/** Announced on window after the language changes (the shell saves a member's choice on the account). */
export const LANG_CHANGE_EVENT = 'tca:lang-change';

/** Each language's name written in itself, as the switch shows it. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', ta: 'தமிழ்' };

/** The BCP 47 tag `Intl` formats with: Australian English; Tamil (India's Tamil data, the fullest). */
export const INTL_LOCALE: Readonly<Record<Lang, string>> = { en: 'en-AU', ta: 'ta-IN' };

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ta';
}

export interface LangSources {
  /** `location.search`. */
  search?: string | undefined;
  /** The remembered choice. */
  stored?: string | null | undefined;
  /** `navigator.languages`. */
  browser?: readonly string[] | undefined;
}

/** The language a page opens in (see the module comment). */
export function detectLang({ search, stored, browser }: LangSources): Lang {
  const asked = new URLSearchParams(search ?? '').get('lang');
  if (isLang(asked)) return asked;
  if (isLang(stored)) return stored;
  for (const tag of browser ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return 'en';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStored(): string | null {
  try {
    return storage()?.getItem(LANG_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The language this page opens in, read once from the browser. */
export function browserLang(): Lang {
  if (typeof window === 'undefined') return 'en';
  // Optional chaining: test doubles and embedded views may lack either.
  return detectLang({ search: window.location?.search, stored: readStored(), browser: window.navigator?.languages });
}

function remember(lang: Lang): void {
  try {
    storage()?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Lang | null = null;

/** The language the interface shows now. */
export function currentLang(): Lang {
  if (current === null) {
    current = browserLang();
    markDocument(current);
    // A language link (`?lang=ta`, as shared or found by a search engine) is a choice: it is remembered.
    if (typeof window !== 'undefined' && isLang(new URLSearchParams(window.location?.search ?? '').get('lang'))) remember(current);
  }
  return current;
}

export function subscribeLang(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function markDocument(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Loaders the catalogs register, so a switch loads every catalog already on the page before it shows. */
const preloaders = new Set<(lang: Lang) => Promise<void>>();
export function registerPreloader(preload: (lang: Lang) => Promise<void>): void {
  preloaders.add(preload);
}

/**
 * Shows the interface in `lang`: loads the catalogs of everything on the page first (so no text
 * flickers back to English), then switches, marks `<html lang>`, remembers the choice in this browser
 * (unless `remember` is false: a member's stored language applied at login is remembered the same way)
 * and announces it.
 */
export async function setLang(lang: Lang, { remember: keep = true }: { remember?: boolean } = {}): Promise<void> {
  await Promise.all([...preloaders].map((preload) => preload(lang)));
  if (keep) remember(lang);
  if (lang === currentLang()) return;
  current = lang;
  markDocument(lang);
  for (const listener of listeners) listener();
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LANG_CHANGE_EVENT, { detail: lang }));
}
