import { Page } from '@tca/ui';
import { TeamMembers } from '../../features/team/components/team-members.js';

/** /team (spec §2.3): a card per member with Read More; Retry when the list cannot be loaded. */
export function TeamPage() {
  return (
    <Page title="Our Team" lead="The volunteers who run the association, organise our events and look after our members.">
      <TeamMembers />
    </Page>
  );
}
