import type { Pool, PoolClient } from '@tca/service-kit';

type Queryable = Pool | PoolClient;

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

/** A row of refunds. */
export interface StoredRefund {
  id: string;
  payment_intent: string;
  charge: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  reason: RefundReason | null;
  metadata: Record<string, string>;
  created: number;
}

const COLUMNS = 'id, payment_intent, charge, amount, currency, status, reason, metadata, created';

export async function insertRefund(db: Queryable, refund: StoredRefund): Promise<StoredRefund> {
  const { rows } = await db.query<StoredRefund>(
    `INSERT INTO refunds (id, payment_intent, charge, amount, currency, status, reason, metadata, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [refund.id, refund.payment_intent, refund.charge, refund.amount, refund.currency, refund.status, refund.reason, JSON.stringify(refund.metadata), refund.created],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

export async function findRefund(db: Queryable, id: string): Promise<StoredRefund | undefined> {
  const { rows } = await db.query<StoredRefund>(`SELECT ${COLUMNS} FROM refunds WHERE id = $1`, [id]);
  return rows[0];
}

/** The refunds of a PaymentIntent, oldest first. */
export async function refundsOf(db: Queryable, paymentIntent: string): Promise<StoredRefund[]> {
  const { rows } = await db.query<StoredRefund>(`SELECT ${COLUMNS} FROM refunds WHERE payment_intent = $1 ORDER BY created, id`, [paymentIntent]);
  return rows;
}

/** The paid session of a PaymentIntent, locked for the caller's transaction (refunds of it are made one at a time). */
export async function lockPaidPayment(db: PoolClient, paymentIntent: string): Promise<{ amount_total: number; currency: string; created: number } | undefined> {
  const { rows } = await db.query<{ amount_total: number; currency: string; created: number }>(
    "SELECT amount_total, currency, created FROM checkout_sessions WHERE payment_intent = $1 AND payment_status = 'paid' FOR UPDATE",
    [paymentIntent],
  );
  return rows[0];
}
