import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { TeamMembers } from '../../features/team/components/team-members.js';
import { teamCatalog } from '../../features/team/messages.js';

/** /team (spec §2.3): a card per member with Read More; Retry when the list cannot be loaded. */
export function TeamPage() {
  const t = useT(teamCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <TeamMembers />
    </Page>
  );
}
