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

/** The first instant of year $1 in time zone $2, and of the next year (stable expressions: index range bounds). */
const YEAR_START = 'make_timestamptz($1, 1, 1, 0, 0, 0, $2)';
const NEXT_YEAR_START = 'make_timestamptz($1 + 1, 1, 1, 0, 0, 0, $2)';

/** The report's query: $1 the year, $2 the time zone (exported so a test can EXPLAIN it). */
export const REVENUE_SQL = `WITH moves AS (
       SELECT o.paid_at AS at, COALESCE(o.level, o.product_name) AS level, o.amount_cents AS paid, 0 AS refunded, 1 AS paid_count, 0 AS refund_count
         FROM checkout_orders o WHERE o.paid_at >= ${YEAR_START} AND o.paid_at < ${NEXT_YEAR_START}
       UNION ALL
       SELECT o.refunded_at, COALESCE(o.level, o.product_name), 0, o.amount_cents, 0, 1
         FROM checkout_orders o WHERE o.refunded_at >= ${YEAR_START} AND o.refunded_at < ${NEXT_YEAR_START}
     )
     SELECT extract(month FROM at AT TIME ZONE $2)::int AS month, level,
            sum(paid)::float8 AS "paidCents", sum(refunded)::float8 AS "refundedCents",
            sum(paid_count)::int AS count, sum(refund_count)::int AS "refundCount"
       FROM moves GROUP BY 1, 2 ORDER BY 1, 2`;

/**
 * Payments and refunds of a calendar year in `timeZone`, per month and level: an order counts as paid in
 * the month of its paid_at (refunded later or not), a refund in the month of its refunded_at. The year's
 * bounds are instants (make_timestamptz in `timeZone`), so both partial indexes (migration 005) are range scans.
 */
export async function revenueRows(db: Pool | PoolClient, year: number, timeZone: string): Promise<RevenueRow[]> {
  const { rows } = await db.query<RevenueRow>(REVENUE_SQL, [year, timeZone]);
  return rows;
}
