import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { aboutCatalog } from '../../features/about/messages.js';
import { AdelaideStory } from '../../features/about/components/adelaide-story.js';

/** /about (spec §2.3): The Adelaide Story, an interactive timeline from 1990 to 2020. */
export function AboutPage() {
  const t = useT(aboutCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <AdelaideStory />
    </Page>
  );
}
