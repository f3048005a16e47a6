import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { EventsPanel } from '../../features/events/components/events-list.js';

/** /staff/events (editors and owners): every event with its status, and New event. */
export function EventsPage() {
  return <StaffGate roles={['editor']}>{() => <EventsPanel />}</StaffGate>;
}
