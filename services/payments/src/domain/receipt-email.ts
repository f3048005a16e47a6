import { membershipLevel, type EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, brandFor, formatDateTimeIn, renderEmail, type EmailBlock } from '@tca/service-kit';
import type { Order } from '../data-access/order-repository.js';

/** `ORD-2026-000123`: the order number on receipts (year of the order in Adelaide, then its sequence number). */
export function orderNumber(order: Pick<Order, 'id' | 'createdAt'>): string {
  const year = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', year: 'numeric' }).format(order.createdAt);
  return `ORD-${year}-${String(order.id).padStart(6, '0')}`;
}

/** `A$10.00` (amounts are cents; the site sells in Australian dollars only). */
export function formatAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'aud' ? `A$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** The receipt job's key: one receipt per order, whoever fulfils it and however often. */
export function receiptKey(order: Pick<Order, 'reference'>): string {
  return `receipt-${order.reference}`;
}

/**
 * The payment receipt for a paid order: what was bought (membership level or product), the amount, the
 * date in Adelaide and the order number; for a membership also its request id and whether it awaits approval.
 */
export function receiptEmail(order: Order, to: string, publicUrl: string): EmailJob {
  const number = orderNumber(order);
  const amount = formatAmount(order.amountCents, order.currency);
  const paidAt = formatDateTimeIn(order.paidAt ?? new Date(), ADELAIDE_TIME_ZONE);
  const name = order.memberDetails ? `${order.memberDetails.firstName} ${order.memberDetails.lastName}`.trim() : '';
  const blocks: EmailBlock[] = [];
  let subject: string;
  if (order.kind === 'membership' && order.level) {
    const level = membershipLevel(order.level);
    subject = `Your ${order.level} membership receipt (${number})`;
    blocks.push(
      { type: 'paragraph', text: `Dear ${name || 'member'},` },
      {
        type: 'paragraph',
        text:
          order.membershipStatus === 'Active'
            ? `Thank you for joining the association. Your ${order.level} membership is active.`
            : `Thank you for joining the association. Your ${order.level} membership request has been received and is pending approval; we will let you know once it is approved.`,
      },
      {
        type: 'details',
        rows: [
          ['Membership level', order.level],
          ['Term', level?.term === 'life-time' ? 'Life-time' : 'One year'],
          ['Amount paid', amount],
          ['Date', paidAt],
          ['Order number', number],
          ...(order.membershipRequestId ? ([['Membership request ID', order.membershipRequestId]] as const) : []),
          ['Status', order.membershipStatus ?? 'Pending'],
        ],
      },
    );
    if (level?.family) {
      blocks.push({ type: 'paragraph', text: 'If you have not yet added your spouse and children, you can do so from the confirmation page after payment.' });
    }
  } else {
    subject = `Your receipt for ${order.productName} (${number})`;
    blocks.push(
      { type: 'paragraph', text: 'Thank you for your purchase.' },
      {
        type: 'details',
        rows: [
          ['Product', order.productName],
          ['Quantity', String(order.quantity)],
          ['Amount paid', amount],
          ['Date', paidAt],
          ['Order number', number],
        ],
      },
    );
  }
  blocks.push({ type: 'paragraph', text: 'Please keep this e-mail as your receipt. Payments are processed securely by Stripe.' });
  const rendered = renderEmail({ subject, preheader: `${amount} paid on ${paidAt}. Order ${number}.`, blocks }, brandFor(publicUrl));
  return { key: receiptKey(order), to, subject: rendered.subject, text: rendered.text, html: rendered.html };
}
