import { ORDER_FILTERS, refundOrderRequestSchema, type OrderEvent, type OrderFilter, type StaffOrderDetail, type StaffOrderListQuery, type StaffOrderSummary } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { knownText } from '../../shared/known-text.js';
import { adelaideMoment } from '../../shared/paging.js';
import { moneyText, orderStateName, treasurerCatalog, type TreasurerKey } from './messages.js';

/**
 * The treasurer's desk (issue 15): the order list's tabs and search, how an order's state and amount read,
 * and the refund's rules; the texts in catalog `staff.treasurer` (messages.ts), in the language shown.
 */

/** The tabs, in the order the treasurer works: everything, problems, then each state. */
export const FILTER_TABS: ReadonlyArray<{ value: OrderFilter; label: TreasurerKey }> = ORDER_FILTERS.map((value) => ({ value, label: `filter.${value}` }));

/** An order's state by name ("Payment processing"), in the language shown. */
export const orderStatusText = orderStateName;

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

/** `A$50.00`, as the receipts write amounts (in Tamil, as Intl writes them). */
export const amountText = moneyText;

/** The name in what was bought that stays as written: the membership level's, or the product's. */
export function boughtName(order: Pick<StaffOrderSummary, 'kind' | 'level' | 'productName'>): string {
  return order.kind === 'membership' && order.level ? order.level : order.productName;
}

/** What was bought: the membership level, or the product and its quantity. */
export function boughtText(order: Pick<StaffOrderSummary, 'kind' | 'level' | 'productName'>): string {
  return order.kind === 'membership' && order.level ? translator(treasurerCatalog)('bought.membership', { level: order.level }) : order.productName;
}

/** The refund reason's problem, as the server would say it; null when it may be sent. */
export function refundReasonError(reason: string): string | null {
  const result = refundOrderRequestSchema.safeParse({ reason });
  return result.success ? null : knownText(result.error.issues[0]?.message ?? 'Check the reason.', treasurerCatalog);
}

/**
 * The order's refund as a sentence: whether Stripe confirmed it, who asked and when, the reason and Stripe's id,
 * e.g. 'Refunded 28 Nov 2026, 11:27 am. Asked by t@example.org on 28 Nov 2026, 11:27 am: “Paid twice” (Stripe refund re_1).'
 */
export function refundSummary(refund: NonNullable<StaffOrderDetail['refund']>): string {
  const t = translator(treasurerCatalog);
  const state = refund.refundedAt ? t('refund.done', { when: adelaideMoment(refund.refundedAt) }) : t('refund.pending');
  const stripe = refund.id ? ` ${t('refund.stripe', { id: refund.id })}` : '.';
  return `${state} ${t('refund.asked', { by: refund.requestedBy, when: adelaideMoment(refund.requestedAt), reason: refund.reason })}${stripe}`;
}
