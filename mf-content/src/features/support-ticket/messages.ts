import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The Raise a Ticket page's and form's texts (namespace `content.ticket`; the validation messages are in shared/forms). */
export const ticketCatalog = defineCatalog('content.ticket', en, () => import('./messages/ta.json'));
