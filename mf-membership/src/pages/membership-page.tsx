import { Page } from '@tca/ui';

export function MembershipPage() {
  return <Page title="Membership" lead="Members save over $150 on events, and proceeds go to our community centre initiative." />;
}
