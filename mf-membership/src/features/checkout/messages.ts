import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The checkout pages' texts: the demo checkout, /success and /cancel (TEXT's outcomes are in shared). */
export const checkoutCatalog = defineCatalog('membership.checkout', en, () => import('./messages/ta.json'));
