import { createHash } from 'node:crypto';
import { withTransaction, type Pool, type PoolClient } from '@tca/service-kit';
import { StripeApiError } from '../domain/stripe-error.js';

export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  params: unknown;
}

export interface IdempotentResult {
  status: number;
  body: unknown;
  /** Answered from a stored result (header Idempotent-Replayed: true). */
  replayed: boolean;
}

/** Stripe keeps a key's result for at least 24 hours. */
const KEY_LIFETIME = "interval '24 hours'";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function paramsHash(params: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(params) ?? null)).digest('hex');
}

/**
 * Runs `work` once per Idempotency-Key. The key's row is inserted in the same transaction as the work,
 * so a concurrent request with the same key waits for the first and then replays its result; when the
 * work fails (a Stripe error), nothing is kept and the key can be used again, as with Stripe.
 */
export async function runIdempotent(pool: Pool, request: IdempotentRequest, work: (client: PoolClient) => Promise<{ status: number; body: unknown }>): Promise<IdempotentResult> {
  const hash = paramsHash(request.params);
  return withTransaction(pool, async (client) => {
    await client.query(`DELETE FROM idempotent_requests WHERE idempotency_key = $1 AND created_at < now() - ${KEY_LIFETIME}`, [request.key]);
    const inserted = await client.query(
      `INSERT INTO idempotent_requests (idempotency_key, method, path, params_hash, status_code, response)
       VALUES ($1, $2, $3, $4, 0, 'null') ON CONFLICT (idempotency_key) DO NOTHING`,
      [request.key, request.method, request.path, hash],
    );
    if (inserted.rowCount === 1) {
      const result = await work(client);
      await client.query('UPDATE idempotent_requests SET status_code = $2, response = $3 WHERE idempotency_key = $1', [request.key, result.status, JSON.stringify(result.body)]);
      return { ...result, replayed: false };
    }
    const { rows } = await client.query<{ method: string; path: string; params_hash: string; status_code: number; response: unknown }>(
      'SELECT method, path, params_hash, status_code, response FROM idempotent_requests WHERE idempotency_key = $1',
      [request.key],
    );
    const row = rows[0];
    if (!row) throw new StripeApiError(409, 'idempotency_error', 'There is currently another in-progress request using this Idempotent Key. Please try again later.', 'idempotency_key_in_use');
    if (row.method !== request.method || row.path !== request.path) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${row.method} ${row.path}'). Try using a key other than '${request.key}' if you meant to execute a different request.`,
      );
    }
    if (row.params_hash !== hash) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.key}' if you meant to execute a different request.`,
      );
    }
    return { status: row.status_code, body: row.response, replayed: true };
  });
}

/** Forgets keys older than their lifetime. */
export async function purgeOldKeys(pool: Pool): Promise<number> {
  const result = await pool.query(`DELETE FROM idempotent_requests WHERE created_at < now() - ${KEY_LIFETIME}`);
  return result.rowCount ?? 0;
}
