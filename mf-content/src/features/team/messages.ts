import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The Our Team page's texts (namespace `content.team`); the members' own words come from the content service. */
export const teamCatalog = defineCatalog('content.team', en, () => import('./messages/ta.json'));
