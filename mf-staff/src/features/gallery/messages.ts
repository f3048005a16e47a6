import { defineCatalog } from '@tca/ui/i18n';
import { knownText } from '../../shared/lists/messages.js';
import en from './messages/en.json';

/** Texts of the staff gallery: the albums list, an album's editor, its photos and uploads (namespace `staff.gallery`). */
export const galleryCatalog = defineCatalog('staff.gallery', en, () => import('./messages/ta.json'));

/** An album's service or contracts message in the language shown (a known one; others as they came). */
export const shownGalleryText = (message: string) => knownText(galleryCatalog, message);
