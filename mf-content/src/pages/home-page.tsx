import { Page, SITE_NAME } from '@tca/ui';

export function HomePage() {
  return <Page title={SITE_NAME} lead="Bringing Adelaide's Tamil community together through culture, language and events." />;
}
