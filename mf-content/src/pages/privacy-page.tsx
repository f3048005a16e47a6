import { Page } from '@tca/ui';
import { LegalDocumentView } from '../static/legal-document.js';
import { PRIVACY } from '../static/privacy.js';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy" lead="How we collect, use and protect your personal information.">
      <LegalDocumentView document={PRIVACY} idPrefix="privacy" numbered />
    </Page>
  );
}
