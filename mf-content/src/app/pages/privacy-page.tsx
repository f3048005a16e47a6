import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { LegalDocumentView } from '../../features/legal/components/legal-document.js';
import { PRIVACY_TEXTS } from '../../features/legal/legal-documents.js';
import { legalCatalog } from '../../features/legal/messages.js';

export function PrivacyPage() {
  const t = useT(legalCatalog);
  return (
    <Page title={t('privacy.title')} lead={t('privacy.lead')}>
      <LegalDocumentView texts={PRIVACY_TEXTS} idPrefix="privacy" numbered />
    </Page>
  );
}
