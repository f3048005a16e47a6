import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the staff blog posts list and editor (namespace `staff.posts`). */
export const postsCatalog = defineCatalog('staff.posts', en, () => import('./messages/ta.json'));
