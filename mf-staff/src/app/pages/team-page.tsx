import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { OrderedItemsPanel } from '../../features/team-sponsors/components/ordered-items-panel.js';
import { TEAM_KIND } from '../../features/team-sponsors/list-kinds.js';

/** /staff/team (editors and owners): the team members in display order; add, edit, move, remove. */
export function TeamPage() {
  return <StaffGate roles={['editor']}>{() => <OrderedItemsPanel kind={TEAM_KIND} />}</StaffGate>;
}
