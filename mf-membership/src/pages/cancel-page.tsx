import { Link } from 'react-router-dom';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';

/** Spec §2.3 /cancel and §8: the visitor left the provider's checkout without paying. */
export function CancelPage() {
  return (
    <Page title="Payment Cancelled!" lead="Oops! Something went wrong. Please try again later.">
      <Link to={paths.home} className="tca-button">
        Go to Home
      </Link>
    </Page>
  );
}
