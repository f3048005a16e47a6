import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { registerCatalog } from '../../features/register/messages.js';
import { RegisterForm } from '../../features/register/components/register-form.js';

/** /register (spec §2.3, §4, §5, §8): the register form, its terms and its success overlay. */
export function RegisterPage() {
  const t = useT(registerCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <RegisterForm />
    </Page>
  );
}
