import { useParams } from '@tca/ui/router';
import { Page } from '@tca/ui';
import { ResetPasswordForm } from '../../features/reset-password/components/reset-password-form.js';

/** /reset-password/:token (spec §2.3, §4, §5, §8): a new password for the link's token. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <Page title="Reset Password" lead="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </Page>
  );
}
