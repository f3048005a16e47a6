import { Page } from '@tca/ui';

export function GalleryPage() {
  return <Page title="Gallery" lead="Photos from our events, year by year." />;
}
