import { defineCatalog } from '@tca/ui/i18n';
import { knownText } from '../../shared/lists/messages.js';
import en from './messages/en.json';

/** Texts of the staff team members and sponsors pages and their dialog (namespace `staff.team`; keys `team.*`, `sponsors.*` by list). */
export const teamCatalog = defineCatalog('staff.team', en, () => import('./messages/ta.json'));

/** A team or sponsor service or contracts message in the language shown (a known one; others as they came). */
export const shownTeamText = (message: string) => knownText(teamCatalog, message);
