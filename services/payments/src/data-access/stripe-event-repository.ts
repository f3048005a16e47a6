import type { Pool, PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

/** A verified Stripe event as `stripe_events` keeps it. */
export interface NewStripeEvent {
  id: string;
  type: string;
  /** The Checkout Session the event is about (null for a refund's events). */
  sessionId: string | null;
  /** The object the event is about (a session, charge or refund id). */
  objectId: string;
  /** Stripe's `created`, in Unix seconds. */
  created: number;
  /** The whole event as Stripe sent it. */
  payload: unknown;
}

// eslint-disable-next-line no-control-regex -- NUL is the character jsonb cannot hold
const NOT_IN_JSONB = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` as jsonb can hold it: NUL and unpaired UTF-16 surrogates (which jsonb refuses) become U+FFFD. */
function jsonbSafe(text: string): string {
  return text.replace(NOT_IN_JSONB, '\uFFFD');
}

/** JSON text of `value` that a jsonb column accepts whatever strings (and keys) it holds. */
export function jsonbText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'string') return jsonbSafe(item);
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) return Object.fromEntries(Object.entries(item).map(([key, inner]) => [jsonbSafe(key), inner]));
    return item;
  });
}

/** Stores the event once (its id is the primary key). True when this call stored it; false for a second delivery. */
export async function insertStripeEvent(db: Db, event: NewStripeEvent): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO stripe_events (id, type, session_id, object_id, stripe_created_at, payload) VALUES ($1, $2, $3, $4, to_timestamp($5), $6::jsonb) ON CONFLICT (id) DO NOTHING`,
    [event.id, event.type, event.sessionId, event.objectId, event.created, jsonbText(event.payload)],
  );
  return inserted.rowCount === 1;
}

/** Notes when the payments worker settled an event (the first time only). */
export async function markEventProcessed(db: Db, eventId: string): Promise<void> {
  await db.query('UPDATE stripe_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL', [eventId]);
}
