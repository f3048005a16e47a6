/*
 * `@tca/ui/i18n/format`: dates, numbers, money and mixed-language text for the language shown. Not a
 * shared module: it holds no state, so each app bundles only the helpers it uses, and the shell's first
 * load carries none of them. One file per kind of helper, so a chunk carries only the kinds its code
 * uses (a tree-shaken module keeps every export any chunk of the app uses).
 */
export { ADELAIDE, formatAud, formatDate, formatNumber } from './format/intl.js';
export { richText } from './format/rich-text.js';
export { pickText } from './format/pick-text.js';
