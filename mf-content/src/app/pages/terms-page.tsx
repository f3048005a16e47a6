import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { LegalDocumentView } from '../../features/legal/components/legal-document.js';
import { TERMS_TEXTS } from '../../features/legal/legal-documents.js';
import { legalCatalog } from '../../features/legal/messages.js';

export function TermsPage() {
  const t = useT(legalCatalog);
  return (
    <Page title={t('terms.title')} lead={t('terms.lead')}>
      <LegalDocumentView texts={TERMS_TEXTS} idPrefix="terms" numbered />
    </Page>
  );
}
