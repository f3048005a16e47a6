import { Page } from '@tca/ui';

export function ContactPage() {
  return <Page title="Get in Touch" lead="Send us a message and we will get back to you." />;
}
