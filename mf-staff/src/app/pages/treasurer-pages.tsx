import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { OrderLoader } from '../../features/treasurer/components/order-panel.js';
import { OrdersPanel } from '../../features/treasurer/components/orders-panel.js';

/** /staff/orders (treasurer and owners): the orders, problems first. */
export function OrdersPage() {
  return <StaffGate roles={['treasurer']}>{() => <OrdersPanel />}</StaffGate>;
}

/** /staff/orders/:reference (treasurer and owners): one order, its history and its refund. */
export function OrderPage() {
  const { reference = '' } = useParams();
  return <StaffGate roles={['treasurer']}>{() => <OrderLoader key={reference} reference={reference} />}</StaffGate>;
}
