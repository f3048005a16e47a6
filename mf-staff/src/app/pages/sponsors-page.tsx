import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { OrderedItemsPanel } from '../../features/team-sponsors/components/ordered-items-panel.js';
import { SPONSOR_KIND } from '../../features/team-sponsors/list-kinds.js';

/** /staff/sponsors (editors and owners): the sponsors in display order with their logos and links; add, edit, move, remove. */
export function SponsorsPage() {
  return <StaffGate roles={['editor']}>{() => <OrderedItemsPanel kind={SPONSOR_KIND} />}</StaffGate>;
}
