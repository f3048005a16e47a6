import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff area's gate (who may see a staff page; the join page's are the accept-invitation feature's). */
export const accessCatalog = defineCatalog('staff.access', en, () => import('./messages/ta.json'));
