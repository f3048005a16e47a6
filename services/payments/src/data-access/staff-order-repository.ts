import type { OrderFilter } from '@tca/contracts';
import { auditLogPageQuery, type AuditLogFilter, type AuditLogRow, type Pool, type PoolClient } from '@tca/service-kit';
import { orderColumnsOf, orderOfRow, type Order, type OrderRow } from './order-repository.js';

type Db = Pool | PoolClient;

/** The treasurer's list filters as SQL conditions on `o` (constants only: no input reaches this text). */
const FILTER_CONDITIONS: Readonly<Record<OrderFilter, string>> = {
  all: 'TRUE',
  paid: "o.status = 'paid'",
  open: "o.status IN ('created', 'open', 'processing')",
  expired: "o.status = 'expired'",
  abandoned: "o.status = 'abandoned'",
  refunded: "o.status = 'refunded'",
  problem: 'o.problem IS NOT NULL',
};

/** What the search box may name: an order reference, a receipt's order number (ORD-2026-000123) or part of an e-mail address. */
export type OrderSearch = { reference: string } | { orderId: number } | { email: string };

export interface OrderListFilter {
  filter: OrderFilter;
  search?: OrderSearch | undefined;
  offset: number;
  limit: number;
}

/** `text` as a LIKE pattern matching itself anywhere. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(filter: OrderListFilter): { where: string; values: unknown[] } {
  const search = filter.search;
  const values: unknown[] = [];
  let searchCondition = 'TRUE';
  if (search && 'reference' in search) {
    values.push(search.reference);
    searchCondition = `o.reference = $${values.length}`;
  } else if (search && 'orderId' in search) {
    values.push(search.orderId);
    searchCondition = `o.id = $${values.length}`;
  } else if (search) {
    values.push(containsPattern(search.email));
    searchCondition = `(lower(o.email) LIKE $${values.length} OR lower(o.customer_email) LIKE $${values.length})`;
  }
  return { where: `${FILTER_CONDITIONS[filter.filter]} AND ${searchCondition}`, values };
}

/** A page of orders: problems first, then newest first; and how many match in all. */
export async function listOrders(db: Db, filter: OrderListFilter): Promise<{ orders: Order[]; total: number }> {
  const { where, values } = listWhere(filter);
  const [page, count] = await Promise.all([
    db.query<OrderRow>(
      `SELECT ${orderColumnsOf('o')} FROM checkout_orders o WHERE ${where}
        ORDER BY (o.problem IS NOT NULL) DESC, o.created_at DESC, o.id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM checkout_orders o WHERE ${where}`, values),
  ]);
  return { orders: page.rows.map(orderOfRow), total: count.rows[0]?.total ?? 0 };
}

/** A member's orders (identity's user id), newest first. */
export async function ordersOfUser(db: Db, userId: string, limit: number): Promise<Order[]> {
  const { rows } = await db.query<OrderRow>(`SELECT ${orderColumnsOf('o')} FROM checkout_orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`, [userId, limit]);
  return rows.map(orderOfRow);
}

/** The order paid with this PaymentIntent. */
export async function findOrderByPaymentIntent(db: Db, paymentIntentId: string): Promise<Order | undefined> {
  const { rows } = await db.query<OrderRow>(`SELECT ${orderColumnsOf('o')} FROM checkout_orders o WHERE o.stripe_payment_intent_id = $1`, [paymentIntentId]);
  return rows[0] ? orderOfRow(rows[0]) : undefined;
}

export interface OrderEventRow {
  at: Date;
  from_status: string | null;
  to_status: string;
  source: string;
  detail: string;
}

/** Every status change of an order, oldest first. */
export async function orderEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  const { rows } = await db.query<OrderEventRow>('SELECT at, from_status, to_status, source, detail FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows;
}

/** A page of payments' audit log (the columns and filters of every service's). */
export async function auditEntries(db: Db, filter: AuditLogFilter): Promise<Array<AuditLogRow<number>>> {
  const { rows } = await db.query<AuditLogRow<number>>(auditLogPageQuery(filter));
  return rows;
}
