import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { galleryCatalog } from '../../features/gallery/messages.js';
import { GalleryBrowser } from '../../features/gallery/components/gallery-browser.js';

/**
 * /gallery (spec §2.3): events grouped by year, newest first, a year selector on the right (above
 * on phones), a card per event and a view of all its photos with Back to Gallery.
 */
export function GalleryPage() {
  const t = useT(galleryCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <GalleryBrowser />
    </Page>
  );
}
