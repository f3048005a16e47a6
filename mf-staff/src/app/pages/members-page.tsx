import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { MembersDesk } from '../../features/members/components/members-desk.js';
import { MemberView } from '../../features/members/components/member-view.js';

/** /staff/members (membership officers and owners): the members desk — find members, requests to decide, Export CSV. */
export function MembersPage() {
  return <StaffGate roles={['membership_officer']}>{() => <MembersDesk />}</StaffGate>;
}

/** /staff/members/:userId (membership officers and owners): a member's page. */
export function MemberPage() {
  const { userId = '' } = useParams();
  return <StaffGate roles={['membership_officer']}>{() => <MemberView key={userId} userId={userId} />}</StaffGate>;
}
