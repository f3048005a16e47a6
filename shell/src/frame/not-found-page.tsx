import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';

/** Any path outside the route table (the old site rendered nothing). */
export function NotFoundPage() {
  return (
    <Page title="Page not found" lead="The page you asked for does not exist or has moved.">
      <Link to={paths.home} className="tca-button">
        Go to Home
      </Link>
    </Page>
  );
}
