import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The Tamil Schools page's texts (namespace `content.schools`), the school card's included. */
export const schoolsCatalog = defineCatalog('content.schools', en, () => import('./messages/ta.json'));
