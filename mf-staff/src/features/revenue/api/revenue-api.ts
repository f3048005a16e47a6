import { revenueAnswerSchema, staffRevenuePaths } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /staff-api/payments/revenue?year= (treasurer or owner): twelve months per level, with totals. */
export function loadRevenue(token: string, year: number, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(staffRevenuePaths.revenue(year), { token, answer: revenueAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}

/** GET /staff-api/payments/revenue.csv?year=: the same numbers as CSV (fetched with the session, saved as a blob). */
export const revenueCsvPath = staffRevenuePaths.csv;
