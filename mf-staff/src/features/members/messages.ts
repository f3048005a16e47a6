import { defineCatalog, translator, type Lang } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The members desk's texts (catalog `staff.members`): the search, the counts and list, a member's page,
 * the membership requests and their dialogs, the membership statuses by name. The roll's CSV keeps its
 * English column headers (a file for spreadsheets, read the same by every officer).
 */
export const membersCatalog = defineCatalog('staff.members', en, () => import('./messages/ta.json'));

export type MembersKey = keyof typeof en & string;

/** A membership status ("Active", "Pending"...) in the language shown. */
export function membershipStatusText(status: string): string {
  const key = `status.${status}`;
  return key in en ? translator(membersCatalog)(key as MembersKey) : status;
}

/** A member's order's state ("paid", "refunded"...) by name, in the language shown; an unknown one as it came. */
export function orderStatusName(status: string): string {
  const key = `orderState.${status}`;
  return key in en ? translator(membersCatalog)(key as MembersKey) : status;
}

/** `lang` for values that stay as written (names, e-mail addresses, level names, ids) on a page not in English. */
export function asWritten(shown: Lang): 'en' | undefined {
  return shown === 'en' ? undefined : 'en';
}

/** The language shown (shared/lists: re-renders on a switch, reads as useT reads it). */
export { useShownLang } from '../../shared/lists/messages.js';
