import { Page } from '@tca/ui';

export function RaiseTicketPage() {
  return <Page title="Raise a Ticket" lead="Tell us about a problem and our support team will follow up." />;
}
