import { Page } from '@tca/ui';

export function SuccessPage() {
  return <Page title="Payment" lead="The result of your membership payment." />;
}
