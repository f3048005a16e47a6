import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { StaffHome } from '../../features/staff-home/components/staff-home.js';

/** /staff: the sign-in explanation, "for the association's staff", or the staff member's home. */
export function StaffHomePage() {
  return <StaffGate>{(me) => <StaffHome me={me} />}</StaffGate>;
}
