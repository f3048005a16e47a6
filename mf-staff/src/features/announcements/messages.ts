import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the announcements pages: compose, who receives it, the list, one announcement's delivery. */
export const announcementsCatalog = defineCatalog('staff.announcements', en, () => import('./messages/ta.json'));
