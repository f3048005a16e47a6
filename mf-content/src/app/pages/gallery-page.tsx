import { Page } from '@tca/ui';
import { GalleryBrowser } from '../../features/gallery/components/gallery-browser.js';

/**
 * /gallery (spec §2.3): events grouped by year, newest first, a year selector on the right (above
 * on phones), a card per event and a view of all its photos with Back to Gallery.
 */
export function GalleryPage() {
  return (
    <Page title="Gallery" lead="Photos from our festivals, concerts, picnics and classes over the years.">
      <GalleryBrowser />
    </Page>
  );
}
