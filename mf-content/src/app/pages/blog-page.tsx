import { Page } from '@tca/ui';
import { BlogPostList } from '../../features/blog/components/blog-post-list.js';

/** /blog (spec §2.3, §5): every post newest first, a search (kept in ?q=) with a clear button and a results count. */
export function BlogPage() {
  return (
    <Page title="Blog" lead="News, stories and event reports from the Adelaide Tamil community.">
      <BlogPostList />
    </Page>
  );
}
