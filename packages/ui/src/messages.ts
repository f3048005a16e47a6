import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The design system's own texts (spinner, fields, modal, retry and session messages): namespace `ui`.
 * `@tca/ui`, `@tca/ui/forms`, `@tca/ui/modal`, `@tca/ui/server-errors` and `@tca/ui/session-end` are
 * shared modules of their own, so each bundle copy may declare it again (loading the same keys).
 */
export const uiCatalog = defineCatalog('ui', en, () => import('./messages/ta.json'));
