import { currentLang, defineCatalog, translator, useLang, useT, type Catalog, type CatalogFile, type Lang, type Translate } from '@tca/ui/i18n';
import { knownText as sharedKnownText } from '../known-text.js';
import type { StaffListTexts } from '../staff-list-panel.js';
import en from './messages/en.json';

/**
 * Texts of the staff content lists' and editors' shared parts (ordering list, picture field, Markdown
 * preview, the editors' 409 notice and field messages): catalog `staff.lists`. The sentences naming a
 * thing ("New event", "There are no events yet") are each feature's own, whole (Tamil cannot build them
 * from a noun).
 */
export const listsCatalog = defineCatalog('staff.lists', en, () => import('./messages/ta.json'));

/** shared/known-text's knownText, catalog first (the editors' order). */
export function knownText<M extends CatalogFile>(catalog: Catalog<M>, message: string): string {
  return sharedKnownText(message, catalog);
}

/** The banner text when the fields under it carry the messages, in the language shown. */
export function fieldsNeedAChange(): string {
  return translator(listsCatalog)('fields.change');
}

/** Words in a list, in the language shown: "title, text and status". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return translator(listsCatalog)('stale.and', { list: words.slice(0, -1).join(', '), last: words[words.length - 1] ?? '' });
}

/**
 * The language shown, re-rendering on a switch (useLang), read as translator reads it: the same in a
 * browserless render too (useLang's server value is English), so content and texts never disagree.
 */
export function useShownLang(): Lang {
  useLang();
  return currentLang();
}

/** The Tamil fields' own names (`ta.*`), in Tamil on every page. */
export type TamilWord = 'ta.title' | 'ta.text' | 'ta.name' | 'ta.description' | 'ta.location' | 'ta.designation' | 'ta.about';

/** A Tamil field's label: "தலைப்பு (Tamil)" / "தலைப்பு (தமிழில்)". */
export function tamilLabel(t: Translate<typeof listsCatalog.english>, word: TamilWord): string {
  return t('tamil.label', { label: t(word) });
}

type ListTextKey = 'list.new' | 'list.loading' | 'list.failed' | 'list.empty' | 'list.count';

/** A list page's whole sentences from its feature's catalog (its `list.*` keys; `list.count` an ICU plural of n). */
export function useListTexts<M extends CatalogFile & Readonly<Record<ListTextKey, string>>>(catalog: Catalog<M>): StaffListTexts {
  const t = useT(catalog);
  return { newLabel: t('list.new'), loading: t('list.loading'), failed: t('list.failed'), empty: t('list.empty'), count: (n) => t('list.count', { n }) };
}
