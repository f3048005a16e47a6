import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The reset-password page's texts (the messages are in shared/messages). */
export const resetPasswordCatalog = defineCatalog('account.resetPassword', en, () => import('./messages/ta.json'));
