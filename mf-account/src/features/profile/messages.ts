import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The profile's texts: its sections, the membership cards, security settings, e-mail preferences. */
export const profileCatalog = defineCatalog('account.profile', en, () => import('./messages/ta.json'));
