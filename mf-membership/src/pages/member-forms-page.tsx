import { Page } from '@tca/ui';

export function MemberFormsPage() {
  return <Page title="Member Details" lead="Your details for the membership you chose." />;
}
