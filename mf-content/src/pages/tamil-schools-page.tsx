import { Page } from '@tca/ui';

export function TamilSchoolsPage() {
  return <Page title="Tamil Schools" lead="The Tamil school our community supports." />;
}
