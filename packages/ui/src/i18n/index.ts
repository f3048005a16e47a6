/**
 * English and Tamil (`@tca/ui/i18n`): the language shown and its switch, catalogs per app and feature
 * on the one shared Lingui `i18n`, and `Intl` formatting in Adelaide time. A shared singleton in every
 * first load, like the session.
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
  type CatalogFile,
  type MessageValues,
  type Translate,
} from './catalog.js';
export { ADELAIDE, formatDate, formatNumber, formatAud, richText, pickText } from './format.js';
