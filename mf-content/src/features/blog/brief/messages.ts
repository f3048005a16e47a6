import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The blog's texts the home page's latest posts show (/blog shows its states too). A catalog of their
 * own so the home page's first load carries these, not every text of the blog pages (blogCatalog).
 */
export const blogBriefCatalog = defineCatalog('content.blog.brief', en, () => import('./messages/ta.json'));
