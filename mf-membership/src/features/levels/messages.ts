import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The membership page's texts: the programme, the level cards and the confirm dialog. */
export const levelsCatalog = defineCatalog('membership.levels', en, () => import('./messages/ta.json'));
