import { randomBytes, randomUUID } from 'node:crypto';
import type { MemberDetails, MembershipLevelName, OrderStatusName } from '@tca/contracts';
import type { Pool, PoolClient, SiteLang } from '@tca/service-kit';

/** Where an order is: created (before Stripe), open (redirected), processing (async payment pending), then one end state. */
export type OrderStatus = OrderStatusName;
export type OrderKind = 'membership' | 'demo';

export interface Order {
  id: number;
  /** Random public id (`ord_…`): client_reference_id, metadata.orderId, the cancel page's handle. */
  reference: string;
  kind: OrderKind;
  userId: string | null;
  email: string | null;
  productName: string;
  level: MembershipLevelName | null;
  quantity: number;
  /** The whole order, in cents. */
  amountCents: number;
  currency: string;
  status: OrderStatus;
  stripeSessionId: string | null;
  idempotencyKey: string;
  memberDetails: MemberDetails | null;
  membershipRequestId: string | null;
  membershipStatus: string | null;
  customerEmail: string | null;
  paidAt: Date | null;
  problem: string | null;
  createdAt: Date;
  stripePaymentIntentId: string | null;
  refundId: string | null;
  refundReason: string | null;
  refundRequestedBy: string | null;
  refundRequestedAt: Date | null;
  refundedAt: Date | null;
  /** The language of the checkout (its receipt's language). */
  language: SiteLang;
}

interface OrderRow {
  id: number;
  reference: string;
  kind: OrderKind;
  user_id: string | null;
  email: string | null;
  product_name: string;
  level: MembershipLevelName | null;
  quantity: number;
  amount_cents: number;
  currency: string;
  status: OrderStatus;
  stripe_session_id: string | null;
  idempotency_key: string;
  member_details: MemberDetails | null;
  membership_request_id: string | null;
  membership_status: string | null;
  customer_email: string | null;
  paid_at: Date | null;
  problem: string | null;
  created_at: Date;
  stripe_payment_intent_id: string | null;
  refund_id: string | null;
  refund_reason: string | null;
  refund_requested_by: string | null;
  refund_requested_at: Date | null;
  refunded_at: Date | null;
  language: SiteLang;
}

const COLUMN_NAMES = [
  'id', 'reference', 'kind', 'user_id', 'email', 'product_name', 'level', 'quantity', 'amount_cents', 'currency', 'status', 'stripe_session_id',
  'idempotency_key', 'member_details', 'membership_request_id', 'membership_status', 'customer_email', 'paid_at', 'problem', 'created_at',
  'stripe_payment_intent_id', 'refund_id', 'refund_reason', 'refund_requested_by', 'refund_requested_at', 'refunded_at', 'language',
] as const;
const COLUMNS = COLUMN_NAMES.join(', ');
/** The columns of `checkout_orders` as table `alias` names them. */
export const orderColumnsOf = (alias: string): string => COLUMN_NAMES.map((name) => `${alias}.${name}`).join(', ');

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    userId: row.user_id,
    email: row.email,
    productName: row.product_name,
    level: row.level,
    quantity: row.quantity,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    stripeSessionId: row.stripe_session_id,
    idempotencyKey: row.idempotency_key,
    memberDetails: row.member_details,
    membershipRequestId: row.membership_request_id,
    membershipStatus: row.membership_status,
    customerEmail: row.customer_email,
    paidAt: row.paid_at,
    problem: row.problem,
    createdAt: row.created_at,
    stripePaymentIntentId: row.stripe_payment_intent_id,
    refundId: row.refund_id,
    refundReason: row.refund_reason,
    refundRequestedBy: row.refund_requested_by,
    refundRequestedAt: row.refund_requested_at,
    refundedAt: row.refunded_at,
    language: row.language,
  };
}

/** An order as a query of `checkout_orders` (all its columns) answers it. */
export function orderOfRow(row: OrderRow): Order {
  return toOrder(row);
}
export type { OrderRow };

type Db = Pool | PoolClient;

export interface NewOrder {
  kind: OrderKind;
  userId: string | null;
  email: string | null;
  productName: string;
  level: MembershipLevelName | null;
  quantity: number;
  amountCents: number;
  currency: string;
  memberDetails: MemberDetails | null;
  metadata: Record<string, string>;
  /** The request's language (Accept-Language); English when not given. */
  language?: SiteLang;
}

/** A new random order reference, e.g. `ord_3hV0bq8m2x6kTnYfQp1w`. */
export function newOrderReference(): string {
  return `ord_${randomBytes(15).toString('base64url')}`;
}

/**
 * Every status change of an order goes into `order_events` in the statement that makes it (so in its
 * transaction): `changed` is the CTE before this one, answering `id, from_status, to_status` of the orders it
 * changed; `source` and `detail` are SQL expressions (parameters or literals).
 */
function logEvents(source: string, detail: string): string {
  return `logged AS (INSERT INTO order_events (order_id, from_status, to_status, source, detail)
      SELECT id, from_status, to_status, ${source}, ${detail} FROM changed WHERE from_status IS DISTINCT FROM to_status)`;
}

/** The `changed` CTE of an UPDATE of one order (`o`) locked first, answering `returning` and its statuses before and after. */
function updateOrder(orderIdParam: string, set: string, where: string, returning = 'o.id'): string {
  return `WITH before AS (SELECT id, status FROM checkout_orders WHERE id = ${orderIdParam} FOR UPDATE),
    changed AS (UPDATE checkout_orders o SET ${set}, updated_at = now() FROM before b WHERE o.id = b.id AND ${where}
      RETURNING ${returning}, b.status AS from_status, o.status AS to_status)`;
}

/** Stores the order (status `created`) before Stripe is called; its idempotency key is used for the session create. */
export async function insertOrder(db: Db, order: NewOrder): Promise<Order> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       INSERT INTO checkout_orders (reference, kind, user_id, email, product_name, level, quantity, amount_cents, currency, idempotency_key, metadata, member_details, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13) RETURNING ${COLUMNS}, NULL::text AS from_status, status AS to_status),
     ${logEvents("'checkout'", "''")}
     SELECT ${COLUMNS} FROM changed`,
    [
      newOrderReference(),
      order.kind,
      order.userId,
      order.email,
      order.productName,
      order.level,
      order.quantity,
      order.amountCents,
      order.currency,
      `checkout-${randomUUID()}`,
      JSON.stringify(order.metadata),
      order.memberDetails === null ? null : JSON.stringify(order.memberDetails),
      order.language ?? 'en',
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return toOrder(row);
}

/** Links the created Checkout Session to its order: created → open. */
export async function attachSession(db: Db, orderId: number, sessionId: string): Promise<void> {
  await db.query(
    `${updateOrder('$1', "stripe_session_id = $2, status = CASE WHEN o.status = 'created' THEN 'open' ELSE o.status END", '(o.stripe_session_id IS NULL OR o.stripe_session_id = $2)')},
     ${logEvents("'checkout'", "'Checkout Session ' || $2")}
     SELECT count(*) FROM changed`,
    [orderId, sessionId],
  );
}

export async function findOrderBySession(db: Db, sessionId: string): Promise<Order | undefined> {
  const { rows } = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM checkout_orders WHERE stripe_session_id = $1`, [sessionId]);
  return rows[0] ? toOrder(rows[0]) : undefined;
}

export async function findOrderByReference(db: Db, reference: string): Promise<Order | undefined> {
  const { rows } = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM checkout_orders WHERE reference = $1`, [reference]);
  return rows[0] ? toOrder(rows[0]) : undefined;
}

export interface PaidDetails {
  membershipRequestId: string | null;
  membershipStatus: string | null;
  customerEmail: string | null;
  paymentIntentId: string | null;
  /** What settled it (the fulfil reason), for the order's history. */
  source: string;
}

/**
 * Marks the order paid, once: the conditional UPDATE changes a row only for the first caller, even when
 * several run at once (the others wait for its row lock, then find it paid). Returns the order when this
 * call was the one that changed it.
 */
export async function markPaid(client: PoolClient, orderId: number, paid: PaidDetails): Promise<Order | undefined> {
  const { rows } = await client.query<OrderRow>(
    `${updateOrder(
      '$1',
      "status = 'paid', paid_at = now(), membership_request_id = $2, membership_status = $3, customer_email = $4, stripe_payment_intent_id = COALESCE($5, o.stripe_payment_intent_id)",
      "o.status NOT IN ('paid', 'refunded')",
      orderColumnsOf('o'),
    )},
     ${logEvents('$6', "''")}
     SELECT ${COLUMNS} FROM changed`,
    [orderId, paid.membershipRequestId, paid.membershipStatus, paid.customerEmail, paid.paymentIntentId, paid.source],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/**
 * Moves the order to `to` only from one of `from` (so a paid order is never expired or failed), noting
 * `source` (what moved it) in its history. True when it moved.
 */
export async function moveStatus(db: Db, orderId: number, to: OrderStatus, from: readonly OrderStatus[], source: string, detail = ''): Promise<boolean> {
  const { rows } = await db.query<{ moved: number }>(
    `${updateOrder('$1', 'status = $2', 'o.status = ANY($3::text[])')},
     ${logEvents('$4', '$5')}
     SELECT count(*)::int AS moved FROM changed`,
    [orderId, to, from, source, detail],
  );
  return rows[0]?.moved === 1;
}

/** Flags an order whose paid session disagrees with it; it is then left to people. */
export async function flagProblem(db: Db, orderId: number, problem: string): Promise<void> {
  await db.query(`UPDATE checkout_orders SET problem = $2, updated_at = now() WHERE id = $1 AND problem IS NULL`, [orderId, problem.slice(0, 1000)]);
}

/** Orders still waiting on Stripe (open or processing), least recently checked first. */
export async function ordersToReconcile(db: Db, minAgeMs: number, limit: number): Promise<Array<{ id: number; sessionId: string }>> {
  const { rows } = await db.query<{ id: number; stripe_session_id: string }>(
    `SELECT id, stripe_session_id FROM checkout_orders
      WHERE status IN ('open', 'processing') AND problem IS NULL AND stripe_session_id IS NOT NULL
        AND created_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY checked_at NULLS FIRST, id LIMIT $2`,
    [minAgeMs, limit],
  );
  return rows.map((row) => ({ id: row.id, sessionId: row.stripe_session_id }));
}

export async function markChecked(db: Db, orderId: number): Promise<void> {
  await db.query('UPDATE checkout_orders SET checked_at = now() WHERE id = $1', [orderId]);
}

/** The order with this reference, locked for the rest of the caller's transaction. */
export async function lockOrderByReference(client: PoolClient, reference: string): Promise<Order | undefined> {
  const { rows } = await client.query<OrderRow>(`SELECT ${COLUMNS} FROM checkout_orders WHERE reference = $1 FOR UPDATE`, [reference]);
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** Notes the PaymentIntent of an order paid before it was kept (what a refund names). */
export async function setPaymentIntent(db: Db, orderId: number, paymentIntentId: string): Promise<void> {
  await db.query('UPDATE checkout_orders SET stripe_payment_intent_id = $2, updated_at = now() WHERE id = $1 AND stripe_payment_intent_id IS NULL', [orderId, paymentIntentId]);
}

export interface RefundRequest {
  refundId: string;
  reason: string;
  requestedBy: string;
}

/**
 * Keeps the refund Stripe made for a staff member's request, once (only while the order has none), with a
 * line in its history. True when this call kept it.
 */
export async function recordRefundRequest(client: PoolClient, orderId: number, refund: RefundRequest): Promise<boolean> {
  const { rows } = await client.query<{ id: number }>(
    `WITH changed AS (
       UPDATE checkout_orders SET refund_id = $2, refund_reason = $3, refund_requested_by = $4, refund_requested_at = now(), updated_at = now()
        WHERE id = $1 AND refund_id IS NULL RETURNING id, status)
     INSERT INTO order_events (order_id, from_status, to_status, source, detail)
     SELECT id, status, status, 'staff:' || $4, 'Refund ' || $2 || ' requested: ' || $3 FROM changed RETURNING order_id AS id`,
    [orderId, refund.refundId, refund.reason, refund.requestedBy],
  );
  return rows.length === 1;
}

/**
 * A paid order whose refund Stripe confirmed becomes refunded, once: the conditional UPDATE changes it for
 * the first caller only (duplicate and out-of-order events find it refunded). Returns the order when this
 * call changed it.
 */
export async function markRefunded(client: PoolClient, orderId: number, refundId: string, source: string): Promise<Order | undefined> {
  const { rows } = await client.query<OrderRow>(
    `${updateOrder(
      '$1',
      "status = 'refunded', refunded_at = now(), refund_id = COALESCE(o.refund_id, $2), membership_status = CASE WHEN o.membership_request_id IS NULL THEN o.membership_status ELSE 'Cancelled' END",
      "o.status = 'paid'",
      orderColumnsOf('o'),
    )},
     ${logEvents('$3', "'Refund ' || $2 || ' succeeded'")}
     SELECT ${COLUMNS} FROM changed`,
    [orderId, refundId, source],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** The member's other checkouts for this level still waiting to be paid (created or open), oldest first. */
export async function otherOpenCheckouts(db: Db, order: Pick<Order, 'id' | 'userId' | 'level'>): Promise<Order[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${COLUMNS} FROM checkout_orders
      WHERE kind = 'membership' AND user_id = $1 AND level = $2 AND id <> $3 AND status IN ('created', 'open') AND problem IS NULL
      ORDER BY id`,
    [order.userId, order.level, order.id],
  );
  return rows.map(toOrder);
}

/**
 * Another order of the same member and level paid while this one was open (paid after it was created): this
 * one is then a second payment for the same membership. Under the buyer's lock (lockBuyer).
 */
export async function overlappingPaidOrder(db: Db, order: Pick<Order, 'id' | 'userId' | 'level' | 'createdAt'>): Promise<Order | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${COLUMNS} FROM checkout_orders
      WHERE kind = 'membership' AND user_id = $1 AND level = $2 AND id <> $3 AND status = 'paid' AND membership_request_id IS NOT NULL AND paid_at >= $4
      ORDER BY paid_at LIMIT 1`,
    [order.userId, order.level, order.id, order.createdAt],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** Serialises the fulfilment of one member's orders for one level until the transaction ends. */
export async function lockBuyer(client: PoolClient, userId: string, level: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('payments:buyer'), hashtext($1 || ':' || $2))", [userId, level]);
}

/** Paid orders whose refund was requested at least `minAgeMs` ago and never confirmed (a missed webhook), least recently checked first. */
export async function refundsToReconcile(db: Db, minAgeMs: number, limit: number): Promise<Array<{ id: number; paymentIntentId: string; refundId: string }>> {
  const { rows } = await db.query<{ id: number; stripe_payment_intent_id: string; refund_id: string }>(
    `SELECT id, stripe_payment_intent_id, refund_id FROM checkout_orders
      WHERE status = 'paid' AND refund_id IS NOT NULL AND stripe_payment_intent_id IS NOT NULL
        AND refund_requested_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY checked_at NULLS FIRST, id LIMIT $2`,
    [minAgeMs, limit],
  );
  return rows.map((row) => ({ id: row.id, paymentIntentId: row.stripe_payment_intent_id, refundId: row.refund_id }));
}

/**
 * A refund Stripe reports failed (or canceled) is forgotten, so the desk may ask again, with a line in the
 * order's history. True when this call forgot it.
 */
export async function forgetFailedRefund(client: PoolClient, orderId: number, refundId: string, why: string): Promise<boolean> {
  const { rows } = await client.query<{ id: number }>(
    `WITH changed AS (
       UPDATE checkout_orders SET refund_id = NULL, refund_reason = NULL, refund_requested_by = NULL, refund_requested_at = NULL, updated_at = now()
        WHERE id = $1 AND refund_id = $2 AND status = 'paid' RETURNING id, status)
     INSERT INTO order_events (order_id, from_status, to_status, source, detail)
     SELECT id, status, status, 'stripe', 'Refund ' || $2 || ' failed: ' || $3 FROM changed RETURNING order_id AS id`,
    [orderId, refundId, why],
  );
  return rows.length === 1;
}

/** How many refunds of this order failed: each new try needs its own idempotency key. */
export async function failedRefundCount(db: Db, orderId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND source = 'stripe' AND detail LIKE 'Refund % failed: %'", [orderId]);
  return rows[0]?.n ?? 0;
}
