import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { useParams } from '@tca/ui/router';
import { joinCatalog } from '../../features/accept-invitation/messages.js';
import { AcceptInvitationForm } from '../../features/accept-invitation/components/accept-invitation-form.js';

/** /staff/accept-invitation/:token, the link of a staff invitation e-mail: creates the account with its roles. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const t = useT(joinCatalog);
  return (
    <Page title={t('join.title')} lead={t('join.lead')}>
      <AcceptInvitationForm token={token} />
    </Page>
  );
}
