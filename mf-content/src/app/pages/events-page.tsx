import { Page } from '@tca/ui';
import { EventsListing } from '../../features/events/components/events-listing.js';

/** /events (spec §2.3, §4): Ongoing Events and Upcoming Events, Active only, "today" in Adelaide. */
export function EventsPage() {
  return (
    <Page title="Events" lead="Festivals, classes and get-togethers of the Tamil community in Adelaide. Members save over $150 on events every year.">
      <EventsListing />
    </Page>
  );
}
