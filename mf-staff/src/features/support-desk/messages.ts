import { defineCatalog, translator } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The support desk's texts (catalog `staff.support`): the tickets and their tabs and filters, a ticket's
 * page (details, conversation, reply, note, assignee), the contact inbox, statuses and issue types by key,
 * ages as plurals, and the content service's known answers.
 */
export const supportCatalog = defineCatalog('staff.support', en, () => import('./messages/ta.json'));

export type SupportKey = keyof typeof en & string;

/** A key's text when the catalog has it (`status.closed`, `issue.billing`); else `fallback`. */
export function keyedText(key: string, fallback: string): string {
  return key in en ? translator(supportCatalog)(key as SupportKey) : fallback;
}
