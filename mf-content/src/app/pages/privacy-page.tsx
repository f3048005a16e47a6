import { Page } from '@tca/ui';
import { LegalDocumentView } from '../../features/legal/components/legal-document.js';
import { PRIVACY } from '../../features/legal/privacy.js';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy" lead="How we collect, use and protect your personal information.">
      <LegalDocumentView document={PRIVACY} idPrefix="privacy" numbered />
    </Page>
  );
}
