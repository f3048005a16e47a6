import { useParams } from '@tca/ui/router';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { resetPasswordCatalog } from '../../features/reset-password/messages.js';
import { ResetPasswordForm } from '../../features/reset-password/components/reset-password-form.js';

/** /reset-password/:token (spec §2.3, §4, §5, §8): a new password for the link's token. */
export function ResetPasswordPage() {
  const t = useT(resetPasswordCatalog);
  const { token = '' } = useParams();
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <ResetPasswordForm token={token} />
    </Page>
  );
}
