import type { SiteEvent } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /events/get (spec §7): every event, upcoming and past. */
export const getEvents = contentList<SiteEvent>('/events/get');
