import { Page } from '@tca/ui';

export function TeamPage() {
  return <Page title="Our Team" lead="The volunteers who run the association." />;
}
