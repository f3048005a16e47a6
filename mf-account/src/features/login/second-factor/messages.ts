import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The texts of a staff account's second sign-in step (issue 14): a catalog of its own (not the login
 * card's) because the step is a chunk only staff accounts load, so members never fetch its texts.
 */
export const secondFactorCatalog = defineCatalog('account.secondFactor', en, () => import('./messages/ta.json'));
