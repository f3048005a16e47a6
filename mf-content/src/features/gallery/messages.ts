import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** /gallery's texts: the page, the year selector, the albums and an album's photos. */
export const galleryCatalog = defineCatalog('content.gallery', en, () => import('./messages/ta.json'));
