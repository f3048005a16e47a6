import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { QueuesPanel } from '../../features/queues/components/queues-panel.js';

/** /staff/queues (every staff role; owners retry and remove failed jobs): the background job queues. */
export function QueuesPage() {
  return <StaffGate>{() => <QueuesPanel />}</StaffGate>;
}
