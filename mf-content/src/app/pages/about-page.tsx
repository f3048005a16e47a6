import { Page } from '@tca/ui';
import { AdelaideStory } from '../../features/about/components/adelaide-story.js';

/** /about (spec §2.3): The Adelaide Story, an interactive timeline from 1990 to 2020. */
export function AboutPage() {
  return (
    <Page title="The Adelaide Story" lead="How our association grew, from its first gathering in 1990 to today.">
      <AdelaideStory />
    </Page>
  );
}
