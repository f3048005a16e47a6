import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The events' texts: /events (cards, detail modal, slideshows), an event's own page and the home carousel. */
export const eventsCatalog = defineCatalog('content.events', en, () => import('./messages/ta.json'));
