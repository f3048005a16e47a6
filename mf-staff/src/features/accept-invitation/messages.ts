import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The invitation's join page (catalog `staff.join`): the form, its hints and the contracts' checks by their English. */
export const joinCatalog = defineCatalog('staff.join', en, () => import('./messages/ta.json'));
