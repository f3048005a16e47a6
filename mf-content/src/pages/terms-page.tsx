import { Page } from '@tca/ui';

export function TermsPage() {
  return <Page title="Terms and Conditions" lead="The terms that apply when you use this site." />;
}
