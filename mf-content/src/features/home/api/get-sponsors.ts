import type { Sponsor } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /sponsorship/get (spec §7): the sponsors of the home page's strip. */
export const getSponsors = contentList<Sponsor>('/sponsorship/get');
