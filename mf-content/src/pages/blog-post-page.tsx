import { Link, useParams } from 'react-router-dom';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';

export function BlogPostPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Blog Post" lead={`Post ${id}`}>
      <Link to={paths.blog}>← Back to Blog</Link>
    </Page>
  );
}
