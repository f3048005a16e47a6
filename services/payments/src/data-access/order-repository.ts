import { randomBytes, randomUUID } from 'node:crypto';
import type { MemberDetails, MembershipLevelName } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

/** Where an order is: created (before Stripe), open (redirected), processing (async payment pending), then one end state. */
export type OrderStatus = 'created' | 'open' | 'processing' | 'paid' | 'failed' | 'expired' | 'abandoned';
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
}

const COLUMNS = `id, reference, kind, user_id, email, product_name, level, quantity, amount_cents, currency, status, stripe_session_id,
  idempotency_key, member_details, membership_request_id, membership_status, customer_email, paid_at, problem, created_at`;

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
  };
}

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
}

/** A new random order reference, e.g. `ord_3hV0bq8m2x6kTnYfQp1w`. */
export function newOrderReference(): string {
  return `ord_${randomBytes(15).toString('base64url')}`;
}

/** Stores the order (status `created`) before Stripe is called; its idempotency key is used for the session create. */
export async function insertOrder(db: Db, order: NewOrder): Promise<Order> {
  const { rows } = await db.query<OrderRow>(
    `INSERT INTO checkout_orders (reference, kind, user_id, email, product_name, level, quantity, amount_cents, currency, idempotency_key, metadata, member_details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb) RETURNING ${COLUMNS}`,
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
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return toOrder(row);
}

/** Links the created Checkout Session to its order: created → open. */
export async function attachSession(db: Db, orderId: number, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE checkout_orders SET stripe_session_id = $2, status = CASE WHEN status = 'created' THEN 'open' ELSE status END, updated_at = now()
      WHERE id = $1 AND (stripe_session_id IS NULL OR stripe_session_id = $2)`,
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
}

/**
 * Marks the order paid, once: the conditional UPDATE changes a row only for the first caller, even when
 * several run at once (the others wait for its row lock, then find it paid). Returns the order when this
 * call was the one that changed it.
 */
export async function markPaid(client: PoolClient, orderId: number, paid: PaidDetails): Promise<Order | undefined> {
  const { rows } = await client.query<OrderRow>(
    `UPDATE checkout_orders
        SET status = 'paid', paid_at = now(), updated_at = now(), membership_request_id = $2, membership_status = $3, customer_email = $4
      WHERE id = $1 AND status <> 'paid'
      RETURNING ${COLUMNS}`,
    [orderId, paid.membershipRequestId, paid.membershipStatus, paid.customerEmail],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** Moves the order to `to` only from one of `from` (so a paid order is never expired or failed). True when it moved. */
export async function moveStatus(db: Db, orderId: number, to: OrderStatus, from: readonly OrderStatus[]): Promise<boolean> {
  const result = await db.query(`UPDATE checkout_orders SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3::text[])`, [orderId, to, from]);
  return result.rowCount === 1;
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
