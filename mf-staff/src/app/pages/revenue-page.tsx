import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { RevenuePanel } from '../../features/revenue/components/revenue-panel.js';

/** /staff/revenue (treasurer and owners): a year's revenue per month and level, as a chart, tables and CSV. */
export function RevenuePage() {
  return <StaffGate roles={['treasurer']}>{() => <RevenuePanel />}</StaffGate>;
}
