import { Page } from '@tca/ui';
import { SchoolSupport } from '../../features/tamil-schools/components/school-support.js';

/** /tamilschools (spec §2.3): the Tamil school our community supports. */
export function TamilSchoolsPage() {
  return (
    <Page title="Tamil Schools" lead="The Tamil school our community supports.">
      <SchoolSupport />
    </Page>
  );
}
