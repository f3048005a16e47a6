import { Page } from '@tca/ui';

export function RegisterPage() {
  return <Page title="Create an Account" lead="Register to become a member and manage your membership." />;
}
