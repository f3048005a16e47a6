import type { Pool, PoolClient } from '@tca/service-kit';

/** One month × level of the revenue report, as the database adds it up. */
export interface RevenueRow {
  /** 1 to 12, in the report's time zone. */
  month: number;
  /** The membership level, or the product's name for an order that is not a membership. */
  level: string;
  paidCents: number;
  refundedCents: number;
  count: number;
  refundCount: number;
}

/**
 * Payments and refunds of a calendar year in `timeZone`, per month and level: an order counts as paid in
 * the month of its paid_at (refunded later or not), a refund in the month of its refunded_at. The year's
 * bounds are instants (make_timestamptz in `timeZone`), so both partial indexes (migration 005) are range scans.
 */
export async function revenueRows(db: Pool | PoolClient, year: number, timeZone: string): Promise<RevenueRow[]> {
  const { rows } = await db.query<RevenueRow>(
    `WITH bounds AS (
       SELECT make_timestamptz($1, 1, 1, 0, 0, 0, $2) AS from_at, make_timestamptz($1 + 1, 1, 1, 0, 0, 0, $2) AS to_at
     ), moves AS (
       SELECT o.paid_at AS at, COALESCE(o.level, o.product_name) AS level, o.amount_cents AS paid, 0 AS refunded, 1 AS paid_count, 0 AS refund_count
         FROM checkout_orders o, bounds b WHERE o.paid_at >= b.from_at AND o.paid_at < b.to_at
       UNION ALL
       SELECT o.refunded_at, COALESCE(o.level, o.product_name), 0, o.amount_cents, 0, 1
         FROM checkout_orders o, bounds b WHERE o.refunded_at >= b.from_at AND o.refunded_at < b.to_at
     )
     SELECT extract(month FROM at AT TIME ZONE $2)::int AS month, level,
            sum(paid)::float8 AS "paidCents", sum(refunded)::float8 AS "refundedCents",
            sum(paid_count)::int AS count, sum(refund_count)::int AS "refundCount"
       FROM moves GROUP BY 1, 2 ORDER BY 1, 2`,
    [year, timeZone],
  );
  return rows;
}
