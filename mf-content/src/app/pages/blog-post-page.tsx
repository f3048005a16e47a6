import { useParams } from '@tca/ui/router';
import { BlogPostView } from '../../features/blog/components/blog-post-view.js';

/**
 * /blog/:id (spec §2.3): one post, a link back to /blog, and up to 3 similar posts. The page's h1
 * stays "Blog Post"; the post's own title is its h2.
 */
export function BlogPostPage() {
  const { id = '' } = useParams();
  return <BlogPostView id={id} />;
}
