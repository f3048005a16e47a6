import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The register page's texts, the terms summary included (the messages are in shared/messages). */
export const registerCatalog = defineCatalog('account.register', en, () => import('./messages/ta.json'));
