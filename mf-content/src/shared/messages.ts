import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The content remote's shared texts (namespace `content.shared`): the status lines' Retry, the
 * carousel buttons' names (the caller's `label` is already in the language shown) and the forms'
 * fallback for a 429. Features keep their own texts in their own catalogs.
 */
export const sharedCatalog = defineCatalog('content.shared', en, () => import('./messages/ta.json'));
