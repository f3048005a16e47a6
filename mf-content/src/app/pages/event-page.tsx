import { useParams } from '@tca/ui/router';
import { EventView } from '../../features/events/components/event-view.js';

/** /event/:id (issue 17): one event's own page. */
export function EventPage() {
  const { id = '' } = useParams();
  return <EventView id={id} />;
}
