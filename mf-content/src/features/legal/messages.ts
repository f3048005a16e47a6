import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The legal pages' interface texts (namespace `content.legal`). The documents themselves are data:
 * privacy.ts and terms.ts in English, privacy.ta.ts and terms.ta.ts in Tamil (legal-documents.ts).
 */
export const legalCatalog = defineCatalog('content.legal', en, () => import('./messages/ta.json'));
