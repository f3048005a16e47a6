import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff area's gate (who may see a staff page) and of the invitation's join page. */
export const accessCatalog = defineCatalog('staff.access', en, () => import('./messages/ta.json'));
