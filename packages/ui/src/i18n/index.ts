/**
 * English and Tamil (`@tca/ui/i18n`): the language shown and its switch, and catalogs per app and
 * feature (English formatted without a runtime, Tamil on the one shared Lingui `i18n`). A shared
 * singleton in every first load, like the session. `Intl` formatting is `@tca/ui/i18n/format`; texts that arrive
 * as English values, `@tca/ui/i18n/known`.
 */
export {
  LANGS,
  LANG_NAMES,
  LANG_STORAGE_KEY,
  LANG_CHANGE_EVENT,
  INTL_LOCALE,
  isLang,
  detectLang,
  browserLang,
  currentLang,
  subscribeLang,
  setLang,
  type Lang,
  type LangSources,
} from './lang.js';
export {
  defineCatalog,
  translator,
  useLang,
  useT,
  type Catalog,
  type CatalogModule,
  type CatalogFile,
  type MessageValues,
  type Translate,
} from './catalog.js';
// The helpers a built English catalog's plurals and selects call (the preset's catalog loader imports them).
export { englishPlural, englishSelect } from './english.js';
