import { Page } from '@tca/ui';

export function EventsPage() {
  return <Page title="Events" lead="Ongoing and upcoming events of the association." />;
}
