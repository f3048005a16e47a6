import { Page } from '@tca/ui';

export function PrivacyPage() {
  return <Page title="Privacy Policy" lead="How we collect, use and protect your personal information." />;
}
