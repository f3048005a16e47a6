import { Page } from '@tca/ui';

export function BlogPage() {
  return <Page title="Blog" lead="News and stories from the community." />;
}
