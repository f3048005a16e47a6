import { Page } from '@tca/ui';

export function ConfirmationPage() {
  return <Page title="Family Details" lead="Your spouse and children, for family memberships." />;
}
