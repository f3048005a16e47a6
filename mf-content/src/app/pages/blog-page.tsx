import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { blogCatalog } from '../../features/blog/messages.js';
import { BlogPostList } from '../../features/blog/components/blog-post-list.js';

/** /blog (spec §2.3, §5): every post newest first, a search (kept in ?q=) with a clear button and a results count. */
export function BlogPage() {
  const t = useT(blogCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <BlogPostList />
    </Page>
  );
}
