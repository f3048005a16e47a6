import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The blog's texts: /blog (search, count) and a post's page (the states /blog shares with the home page are blogBriefCatalog). */
export const blogCatalog = defineCatalog('content.blog', en, () => import('./messages/ta.json'));
