import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { frameCatalog } from './messages.js';

/** Any path outside the route table (the old site rendered nothing). */
export function NotFoundPage() {
  const t = useT(frameCatalog);
  return (
    <Page title={t('notFound.title')} lead={t('notFound.lead')}>
      <Link to={paths.home} className="tca-button">
        {t('notFound.home')}
      </Link>
    </Page>
  );
}
