import { formatAmount, membershipLevel, type EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, brandFor, formatDateTimeIn, renderEmail, type EmailBlock } from '@tca/service-kit';
import type { Order } from '../data-access/order-repository.js';
import { levelNameIn, paymentTexts } from './payment-texts.js';

/** `ORD-2026-000123`: the order number on receipts (year of the order in Adelaide, then its sequence number). */
export function orderNumber(order: Pick<Order, 'id' | 'createdAt'>): string {
  const year = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', year: 'numeric' }).format(order.createdAt);
  return `ORD-${year}-${String(order.id).padStart(6, '0')}`;
}

/** `A$10.00` (contracts' formatAmount: the treasurer's desk shows amounts the same way). */
export { formatAmount };

/** The receipt job's key: one receipt per order, whoever fulfils it and however often. */
export function receiptKey(order: Pick<Order, 'reference'>): string {
  return `receipt-${order.reference}`;
}

/**
 * The payment receipt for a paid order, in the language of its checkout: what was bought (membership
 * level or product), the amount, the date in Adelaide and the order number; for a membership also its
 * request id and whether it awaits approval.
 */
export function receiptEmail(order: Order, to: string, publicUrl: string): EmailJob {
  const lang = order.language;
  const t = paymentTexts(lang);
  const number = orderNumber(order);
  const amount = formatAmount(order.amountCents, order.currency);
  const paidAt = formatDateTimeIn(order.paidAt ?? new Date(), ADELAIDE_TIME_ZONE, lang);
  const name = order.memberDetails ? `${order.memberDetails.firstName} ${order.memberDetails.lastName}`.trim() : '';
  const blocks: EmailBlock[] = [];
  let subject: string;
  if (order.kind === 'membership' && order.level) {
    const level = membershipLevel(order.level);
    const levelName = levelNameIn(order.level, lang);
    const status = order.membershipStatus ?? 'Pending';
    subject = t('subject.membership', { level: levelName, number });
    blocks.push(
      { type: 'paragraph', text: name ? t('greeting', { name }) : t('greeting.member') },
      { type: 'paragraph', text: t(order.membershipStatus === 'Active' ? 'membership.active' : 'membership.pending', { level: levelName }) },
      {
        type: 'details',
        rows: [
          [t('row.level'), levelName],
          [t('row.term'), t(level?.term === 'life-time' ? 'term.life' : 'term.year')],
          [t('row.amount'), amount],
          [t('row.date'), paidAt],
          [t('row.order'), number],
          ...(order.membershipRequestId ? ([[t('row.requestId'), order.membershipRequestId]] as const) : []),
          [t('row.status'), status === 'Active' || status === 'Pending' ? t(`status.${status}`) : status],
        ],
      },
    );
    if (level?.family) blocks.push({ type: 'paragraph', text: t('membership.family') });
  } else {
    subject = t('subject.product', { product: order.productName, number });
    blocks.push(
      { type: 'paragraph', text: t('product.thanks') },
      {
        type: 'details',
        rows: [
          [t('row.product'), order.productName],
          [t('row.quantity'), String(order.quantity)],
          [t('row.amount'), amount],
          [t('row.date'), paidAt],
          [t('row.order'), number],
        ],
      },
    );
  }
  blocks.push({ type: 'paragraph', text: t('keep') });
  const rendered = renderEmail({ lang, subject, preheader: t('preheader', { amount, date: paidAt, number }), blocks }, brandFor(publicUrl));
  return { key: receiptKey(order), to, subject: rendered.subject, text: rendered.text, html: rendered.html };
}

/** The refund e-mail's job key: one per order, however often its refund events arrive. */
export function refundEmailKey(order: Pick<Order, 'reference'>): string {
  return `refund-${order.reference}`;
}

/**
 * The member's e-mail for a refunded order (issue 15), in the language of its checkout: the amount
 * refunded, the order number, and for a membership that it is cancelled and may be bought again. The
 * treasurer's reason stays in the audit log.
 */
export function refundEmail(order: Order, to: string, publicUrl: string): EmailJob {
  const lang = order.language;
  const t = paymentTexts(lang);
  const number = orderNumber(order);
  const amount = formatAmount(order.amountCents, order.currency);
  const refundedAt = formatDateTimeIn(order.refundedAt ?? new Date(), ADELAIDE_TIME_ZONE, lang);
  const name = order.memberDetails ? `${order.memberDetails.firstName} ${order.memberDetails.lastName}`.trim() : '';
  const what = order.kind === 'membership' && order.level ? t('refund.yourMembership', { level: levelNameIn(order.level, lang) }) : order.productName;
  const blocks: EmailBlock[] = [
    { type: 'paragraph', text: name ? t('greeting', { name }) : t('greeting.member') },
    { type: 'paragraph', text: t('refund.body', { amount, what }) },
    {
      type: 'details',
      rows: [
        [t('refund.amount'), amount],
        [t('row.date'), refundedAt],
        [t('row.order'), number],
        ...(order.membershipRequestId ? ([[t('row.requestId'), order.membershipRequestId], [t('row.status'), t('status.Cancelled')]] as const) : []),
      ],
    },
  ];
  if (order.kind === 'membership') blocks.push({ type: 'paragraph', text: t('refund.cancelled') });
  blocks.push({ type: 'paragraph', text: t('refund.unexpected') });
  const rendered = renderEmail({ lang, subject: t('refund.subject', { what, number }), preheader: t('refund.preheader', { amount, number }), blocks }, brandFor(publicUrl));
  return { key: refundEmailKey(order), to, subject: rendered.subject, text: rendered.text, html: rendered.html };
}
