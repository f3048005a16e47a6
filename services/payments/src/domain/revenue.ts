import {
  MEMBERSHIP_LEVEL_NAMES,
  REVENUE_ALL_LEVELS,
  REVENUE_CSV_COLUMNS,
  REVENUE_TIME_ZONE,
  type RevenueAnswer,
  type RevenueFigures,
  type RevenueLevelFigures,
  type RevenueMonth,
} from '@tca/contracts';
import { CSV_BOM, csvLine, type CsvValue, type Pool } from '@tca/service-kit';
import { revenueRows, type RevenueRow } from '../data-access/revenue-repository.js';

/**
 * The treasurer's revenue report (issue 15): for a calendar year in Adelaide time, what was paid and what was
 * refunded per month and per level, with totals; and the same numbers as CSV for a spreadsheet.
 */

const ZERO: RevenueFigures = { paidCents: 0, refundedCents: 0, netCents: 0, count: 0, refundCount: 0 };

function plus(a: RevenueFigures, b: Omit<RevenueFigures, 'netCents'>): RevenueFigures {
  const paidCents = a.paidCents + b.paidCents;
  const refundedCents = a.refundedCents + b.refundedCents;
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, count: a.count + b.count, refundCount: a.refundCount + b.refundCount };
}

function figuresOf(rows: readonly Omit<RevenueFigures, 'netCents'>[]): RevenueFigures {
  return rows.reduce<RevenueFigures>(plus, ZERO);
}

/** The site's levels in their own order, then any other name (a product, a level no longer sold) alphabetically. */
function levelOrder(a: string, b: string): number {
  const rank = (name: string) => {
    const index = (MEMBERSHIP_LEVEL_NAMES as readonly string[]).indexOf(name);
    return index === -1 ? MEMBERSHIP_LEVEL_NAMES.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

function byLevel(rows: readonly RevenueRow[], levels: readonly string[]): RevenueLevelFigures[] {
  return levels.flatMap((level) => {
    const of = rows.filter((row) => row.level === level);
    return of.length === 0 ? [] : [{ level, ...figuresOf(of) }];
  });
}

/** The report from the database's month × level rows (always twelve months). */
export function revenueAnswer(year: number, rows: readonly RevenueRow[]): RevenueAnswer {
  const levels = [...new Set(rows.map((row) => row.level))].sort(levelOrder);
  const months: RevenueMonth[] = Array.from({ length: 12 }, (_, i) => {
    const of = rows.filter((row) => row.month === i + 1);
    return { month: i + 1, ...figuresOf(of), levels: byLevel(of, levels) };
  });
  return { year, currency: 'aud', timeZone: REVENUE_TIME_ZONE, months, levels: byLevel(rows, levels), totals: figuresOf(rows) };
}

/** GET /staff-api/payments/revenue?year=. */
export async function revenueReport(pool: Pool, year: number): Promise<RevenueAnswer> {
  return revenueAnswer(year, await revenueRows(pool, year, REVENUE_TIME_ZONE));
}

const dollars = (cents: number): number => cents / 100;

function figureCells(figures: RevenueFigures): CsvValue[] {
  return [figures.count, dollars(figures.paidCents), figures.refundCount, dollars(figures.refundedCents), dollars(figures.netCents)];
}

/**
 * The report as CSV (BOM, CRLF, RFC 4180; amounts in dollars as numbers): a row per month and level with
 * any money, then the year's total per level and for all levels (Month is the year on those rows).
 */
export function revenueCsv(report: RevenueAnswer): string {
  const lines = [csvLine(REVENUE_CSV_COLUMNS)];
  for (const month of report.months) {
    const label = `${report.year}-${String(month.month).padStart(2, '0')}`;
    for (const level of month.levels) lines.push(csvLine([label, level.level, ...figureCells(level)]));
  }
  for (const level of report.levels) lines.push(csvLine([String(report.year), level.level, ...figureCells(level)]));
  lines.push(csvLine([String(report.year), REVENUE_ALL_LEVELS, ...figureCells(report.totals)]));
  return CSV_BOM + lines.join('');
}
