import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The design system's own texts, one small catalog per shared module (`@tca/ui`, `/forms`, `/modal`,
 * `/api` with its retry texts, `/session-end`, `/standalone`): each shared module is a chunk of its own
 * in every bundle, so a catalog they all imported would be copied into each. This one is `@tca/ui`'s
 * (the spinner): namespace `ui`.
 */
export const uiCatalog = defineCatalog('ui', en, () => import('./messages/ta.json'));
