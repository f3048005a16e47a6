import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { PeoplePanel } from '../../features/staff-people/components/people-panel.js';

/** /staff/people (owners): the staff, their roles and 2FA, pending invitations, inviting and removing. */
export function PeoplePage() {
  return <StaffGate roles={['owner']}>{(me) => <PeoplePanel me={me} />}</StaffGate>;
}
