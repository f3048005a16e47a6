import { Page } from '@tca/ui';

export function ResetPasswordPage() {
  return <Page title="Reset Password" lead="Choose a new password for your account." />;
}
