import type { Pool, PoolClient } from '@tca/service-kit';
import type { StoredSession } from '../domain/checkout-session.js';

type Queryable = Pool | PoolClient;

const COLUMNS = `id, status, payment_status, currency, amount_total, line_items, success_url, cancel_url, customer_email,
  client_reference_id, metadata, created, expires_at, customer_details_email, customer_details_name, payment_intent, form_token, locale`;

export async function insertSession(db: Queryable, s: StoredSession): Promise<StoredSession> {
  const { rows } = await db.query<StoredSession>(
    `INSERT INTO checkout_sessions (id, status, payment_status, currency, amount_total, line_items, success_url, cancel_url,
       customer_email, client_reference_id, metadata, created, expires_at, form_token, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING ${COLUMNS}`,
    [
      s.id,
      s.status,
      s.payment_status,
      s.currency,
      s.amount_total,
      JSON.stringify(s.line_items),
      s.success_url,
      s.cancel_url,
      s.customer_email,
      s.client_reference_id,
      JSON.stringify(s.metadata),
      s.created,
      s.expires_at,
      s.form_token,
      s.locale,
    ],
  );
  return rows[0] as StoredSession;
}

export async function findSession(db: Queryable, id: string): Promise<StoredSession | undefined> {
  const { rows } = await db.query<StoredSession>(`SELECT ${COLUMNS} FROM checkout_sessions WHERE id = $1`, [id]);
  return rows[0];
}

/** Expires one open session; undefined when it is not open (any more). */
export async function expireSession(db: Queryable, id: string): Promise<StoredSession | undefined> {
  const { rows } = await db.query<StoredSession>(`UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}

/** Marks an open session paid; undefined when it was not open (paid meanwhile, or expired). One conditional UPDATE, so it happens once. */
export async function completeSession(db: Queryable, id: string, payer: { email: string; name: string; paymentIntent: string }): Promise<StoredSession | undefined> {
  const { rows } = await db.query<StoredSession>(
    `UPDATE checkout_sessions
        SET status = 'complete', payment_status = 'paid', customer_details_email = $2, customer_details_name = $3, payment_intent = $4
      WHERE id = $1 AND status = 'open'
      RETURNING ${COLUMNS}`,
    [id, payer.email, payer.name, payer.paymentIntent],
  );
  return rows[0];
}

/** Expires open sessions whose expires_at has passed (a batch; replicas skip each other's rows). */
export async function expireDueSessions(db: Queryable, nowSeconds: number, limit = 100): Promise<StoredSession[]> {
  const { rows } = await db.query<StoredSession>(
    `UPDATE checkout_sessions SET status = 'expired'
      WHERE id IN (SELECT id FROM checkout_sessions WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        AND status = 'open'
      RETURNING ${COLUMNS}`,
    [nowSeconds, limit],
  );
  return rows;
}
