import type { GalleryEvent } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /gallery/get (spec §7): the gallery's events with their photos. */
export const getGalleryEvents = contentList<GalleryEvent>('/gallery/get');
