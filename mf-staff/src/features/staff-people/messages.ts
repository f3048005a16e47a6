import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of /staff/people: the staff, their roles and two-factor state, invitations, and their dialogs and toasts. */
export const peopleCatalog = defineCatalog('staff.people', en, () => import('./messages/ta.json'));
