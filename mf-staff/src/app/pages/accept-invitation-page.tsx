import { Page } from '@tca/ui';
import { useParams } from '@tca/ui/router';
import { AcceptInvitationForm } from '../../features/accept-invitation/components/accept-invitation-form.js';

/** /staff/accept-invitation/:token, the link of a staff invitation e-mail: creates the account with its roles. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  return (
    <Page title="Join the staff" lead="You were invited to help run the association's site. Choose your password; after it, you will set up an authenticator app at your first login.">
      <AcceptInvitationForm token={token} />
    </Page>
  );
}
