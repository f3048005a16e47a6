import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The contact page's and form's texts (namespace `content.contact`; the validation messages are in shared/forms). */
export const contactCatalog = defineCatalog('content.contact', en, () => import('./messages/ta.json'));
