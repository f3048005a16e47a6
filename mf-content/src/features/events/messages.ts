import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The events' texts: /events (cards, detail modal, slideshows) and an event's own page (what the home carousel shows too is eventsBriefCatalog). */
export const eventsCatalog = defineCatalog('content.events', en, () => import('./messages/ta.json'));
