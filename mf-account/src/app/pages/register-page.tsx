import { Page } from '@tca/ui';
import { RegisterForm } from '../../features/register/components/register-form.js';

/** /register (spec §2.3, §4, §5, §8): the register form, its terms and its success overlay. */
export function RegisterPage() {
  return (
    <Page title="Create an Account" lead="Register to become a member and manage your membership.">
      <RegisterForm />
    </Page>
  );
}
