import { Page } from '@tca/ui';

export function AboutPage() {
  return <Page title="The Adelaide Story" lead="How our association grew, from its first gathering in 1990 to today." />;
}
