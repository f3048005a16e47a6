import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The shell's own texts: header, footer, the not-found page and an area's fallback. */
export const frameCatalog = defineCatalog('shell.frame', en, () => import('./messages/ta.json'));
