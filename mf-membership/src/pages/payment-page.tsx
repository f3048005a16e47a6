import { Page } from '@tca/ui';

/** The demo checkout (spec §2.3): one book, Stubborn Attachments, for $20.00. */
export function PaymentPage() {
  return <Page title="Checkout" lead="Stubborn Attachments — $20.00" />;
}
