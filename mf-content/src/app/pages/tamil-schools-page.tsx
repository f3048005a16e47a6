import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { SchoolSupport } from '../../features/tamil-schools/components/school-support.js';
import { schoolsCatalog } from '../../features/tamil-schools/messages.js';

/** /tamilschools (spec §2.3): the Tamil school our community supports. */
export function TamilSchoolsPage() {
  const t = useT(schoolsCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <SchoolSupport />
    </Page>
  );
}
