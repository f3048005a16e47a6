import { Page } from '@tca/ui';
import { LegalDocumentView } from '../../features/legal/components/legal-document.js';
import { TERMS } from '../../features/legal/terms.js';

export function TermsPage() {
  return (
    <Page title="Terms and Conditions" lead="The terms that apply when you use this site.">
      <LegalDocumentView document={TERMS} idPrefix="terms" numbered />
    </Page>
  );
}
