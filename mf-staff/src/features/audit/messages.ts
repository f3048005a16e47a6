import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of the owner's audit log: filters, the entries' table, and every action's name (`action.<action>`). */
export const auditCatalog = defineCatalog('staff.audit', en, () => import('./messages/ta.json'));
