import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The home page's texts: the hero and its landscapes, About Us, Mission and Vision, the sponsor strip. */
export const homeCatalog = defineCatalog('content.home', en, () => import('./messages/ta.json'));
