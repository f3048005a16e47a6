import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff area's shared parts (pager, confirm dialog, load failure), used by every staff feature. */
export const sharedCatalog = defineCatalog('staff.shared', en, () => import('./messages/ta.json'));
