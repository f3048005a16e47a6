import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The events' texts the home page's carousel shows (its heading, states and "soon" badges; /events shows
 * most of them too). A catalog of their own so the home page's first load carries these, not every text of
 * the events pages (eventsCatalog).
 */
export const eventsBriefCatalog = defineCatalog('content.events.brief', en, () => import('./messages/ta.json'));
