import { Page } from '@tca/ui';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud } from '@tca/ui/i18n/format';
import { eventsCatalog } from '../../features/events/messages.js';
import { EventsListing } from '../../features/events/components/events-listing.js';

/** /events (spec §2.3, §4): Ongoing Events and Upcoming Events, Active only, "today" in Adelaide. */
export function EventsPage() {
  const t = useT(eventsCatalog);
  const lang = useLang();
  return (
    <Page title={t('page.title')} lead={t('page.lead', { amount: formatAud(150, lang, { whole: true }) })}>
      <EventsListing />
    </Page>
  );
}
