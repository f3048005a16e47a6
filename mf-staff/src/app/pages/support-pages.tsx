import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { ContactPanel } from '../../features/support-desk/components/contact-panel.js';
import { TicketLoader } from '../../features/support-desk/components/ticket-panel.js';
import { TicketsPanel } from '../../features/support-desk/components/tickets-panel.js';

/** /staff/support (support and owners): the support tickets. */
export function SupportPage() {
  return <StaffGate roles={['support']}>{() => <TicketsPanel />}</StaffGate>;
}

/** /staff/support/:reference (support and owners): one ticket with its conversation. */
export function TicketPage() {
  const { reference = '' } = useParams();
  return <StaffGate roles={['support']}>{() => <TicketLoader key={reference} reference={reference} />}</StaffGate>;
}

/** /staff/contact (support and owners): the contact messages' inbox. */
export function ContactPage() {
  return <StaffGate roles={['support']}>{() => <ContactPanel />}</StaffGate>;
}
