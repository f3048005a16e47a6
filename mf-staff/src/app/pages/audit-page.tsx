import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { AuditPanel } from '../../features/audit/components/audit-panel.js';

/** /staff/audit (owners): identity's and content's audit logs merged, filterable, newest first. */
export function AuditPage() {
  return <StaffGate roles={['owner']}>{() => <AuditPanel />}</StaffGate>;
}
