import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The login card's texts: the password step and the reset-link request (the messages are in shared/messages). */
export const loginCatalog = defineCatalog('account.login', en, () => import('./messages/ta.json'));
