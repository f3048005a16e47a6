import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The blog's texts: /blog (search, count, states), a post's page and the home page's latest posts. */
export const blogCatalog = defineCatalog('content.blog', en, () => import('./messages/ta.json'));
