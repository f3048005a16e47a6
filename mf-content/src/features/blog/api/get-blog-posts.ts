import type { BlogPost } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /blog/get (spec §7): every published post, for the blog list and a post's own page. */
export const getBlogPosts = contentList<BlogPost>('/blog/get');
