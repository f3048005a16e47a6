import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { RequestsPanel } from '../../features/members/components/requests-panel.js';

/** /staff/members (membership officers and owners): membership requests to approve or reject. */
export function MembersPage() {
  return <StaffGate roles={['membership_officer']}>{() => <RequestsPanel />}</StaffGate>;
}
