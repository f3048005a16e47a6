import type { BlogSummary } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /blog/latest (spec §7): the newest posts' summaries, for the home page. */
export const getLatestPosts = contentList<BlogSummary>('/blog/latest');
