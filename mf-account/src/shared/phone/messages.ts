import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The phone field's message naming the chosen country (namespace `account.phone`). */
export const phoneCatalog = defineCatalog('account.phone', en, () => import('./messages/ta.json'));
