import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** /about's texts: the page, the timeline's years (title, story, picture) and the next chapter. */
export const aboutCatalog = defineCatalog('content.about', en, () => import('./messages/ta.json'));
