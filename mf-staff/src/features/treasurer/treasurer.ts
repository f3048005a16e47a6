import { formatAmount, ORDER_FILTERS, refundOrderRequestSchema, type OrderEvent, type OrderFilter, type OrderStatusName, type StaffOrderDetail, type StaffOrderListQuery, type StaffOrderSummary } from '@tca/contracts';
import { adelaideMoment } from '../../shared/paging.js';

/**
 * The treasurer's desk (issue 15): the order list's tabs and search, how an order's state and amount read,
 * and the refund's rules. Every text the desk shows is here.
 */

export const TREASURER_TEXTS = {
  ordersTitle: 'Orders',
  ordersLead: 'Every checkout: paid, still open, expired, abandoned or refunded. Orders whose payment disagreed with them (amount or currency) are listed first.',
  back: 'Back to the staff area',
  backToOrders: 'Back to the orders',
  searchLabel: 'Find an order',
  searchHint: "The member's e-mail (or part of it), the order reference (ord_…) or the receipt's order number (ORD-2026-000123).",
  searchButton: 'Search',
  clearSearch: 'Show every order',
  firstHint: 'Orders appear here when members check out.',
  refundButton: 'Refund in full',
  refundTitle: (number: string) => `Refund order ${number} in full?`,
  refundDescription: (amount: string, what: string) =>
    `${amount} goes back to the card through Stripe. ${what} The member is e-mailed once Stripe confirms the refund. This cannot be undone.`,
  refundMembership: 'The membership this order bought becomes Cancelled (the member may buy it again).',
  refundProduct: 'Nothing else changes.',
  refundConfirm: 'Refund',
  reasonLabel: 'Reason for the refund',
  reasonHint: 'Kept in the audit log with your name. The member is not sent it.',
  notRefundable: 'Only a paid order can be refunded.',
  refundPending: 'A refund was requested; the order shows Refunded once Stripe confirms it.',
  problemTitle: 'This payment disagreed with its order',
  historyTitle: 'History',
  nothingYet: 'None',
} as const;

export const FILTER_LABELS: Readonly<Record<OrderFilter, string>> = {
  all: 'All',
  problem: 'Problems',
  paid: 'Paid',
  open: 'Open',
  expired: 'Expired',
  abandoned: 'Abandoned',
  refunded: 'Refunded',
};

/** The tabs, in the order the treasurer works: everything, problems, then each state. */
export const FILTER_TABS: ReadonlyArray<{ value: OrderFilter; label: string }> = ORDER_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

const STATUS_LABELS: Readonly<Record<OrderStatusName, string>> = {
  created: 'Created',
  open: 'Open',
  processing: 'Payment processing',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
  abandoned: 'Abandoned',
  refunded: 'Refunded',
};

export function orderStatusText(status: string): string {
  return STATUS_LABELS[status as OrderStatusName] ?? status;
}

/** A history entry's change: 'Open → Paid', or just 'Paid' when the state did not move (the refund was only requested). */
export function stateChangeText(event: Pick<OrderEvent, 'fromStatus' | 'toStatus'>): string {
  const to = orderStatusText(event.toStatus);
  return event.fromStatus && event.fromStatus !== event.toStatus ? `${orderStatusText(event.fromStatus)} → ${to}` : to;
}

/** What the list shows: a tab, the search and the page. */
export type OrdersFilter = Required<Pick<StaffOrderListQuery, 'filter' | 'page'>> & { q: string };
export const FIRST_ORDERS: OrdersFilter = { filter: 'all', q: '', page: 1 };

/** `?filter=…&q=…&page=…` for GET /staff-api/payments/orders (defaults left out). */
export function ordersQueryString(filter: OrdersFilter): string {
  const query = new URLSearchParams();
  if (filter.filter !== 'all') query.set('filter', filter.filter);
  if (filter.q.trim() !== '') query.set('q', filter.q.trim());
  if (filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** `A$50.00`, as the receipts write amounts. */
export const amountText = formatAmount;

/** What was bought: the membership level, or the product and its quantity. */
export function boughtText(order: Pick<StaffOrderSummary, 'kind' | 'level' | 'productName'>): string {
  return order.kind === 'membership' && order.level ? `${order.level} membership` : order.productName;
}

/** The refund reason's problem, as the server would say it; null when it may be sent. */
export function refundReasonError(reason: string): string | null {
  const result = refundOrderRequestSchema.safeParse({ reason });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check the reason.');
}

/**
 * The order's refund as a sentence: whether Stripe confirmed it, who asked and when, the reason and Stripe's id,
 * e.g. 'Refunded 28 Nov 2026, 11:27 am. Asked by t@example.org on 28 Nov 2026, 11:27 am: “Paid twice” (Stripe refund re_1).'
 */
export function refundSummary(refund: NonNullable<StaffOrderDetail['refund']>): string {
  const state = refund.refundedAt ? `Refunded ${adelaideMoment(refund.refundedAt)}.` : TREASURER_TEXTS.refundPending;
  const stripe = refund.id ? ` (Stripe refund ${refund.id}).` : '.';
  return `${state} Asked by ${refund.requestedBy} on ${adelaideMoment(refund.requestedAt)}: “${refund.reason}”${stripe}`;
}
