import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff events list and editor (namespace `staff.events`). */
export const eventsCatalog = defineCatalog('staff.events', en, () => import('./messages/ta.json'));
