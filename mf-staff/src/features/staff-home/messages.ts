import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff home: who is signed in, their roles and the cards of their areas. */
export const homeCatalog = defineCatalog('staff.home', en, () => import('./messages/ta.json'));
