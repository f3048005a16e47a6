import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The retry texts of `@tca/ui/api`: a 429's sentence and when to try again (namespace `ui.retry`; see ../messages.ts). */
export const retryCatalog = defineCatalog('ui.retry', en, () => import('./messages/ta.json'));
