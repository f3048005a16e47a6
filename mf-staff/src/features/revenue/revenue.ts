import { REVENUE_TIME_ZONE, type RevenueMonth } from '@tca/contracts';
import { currentLang, translator } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { moneyText } from '../../shared/money.js';
import { revenueCatalog } from './messages.js';

/**
 * The treasurer's revenue report (issue 15): the years offered, how amounts and months read, the chart's
 * geometry (pure, so it is tested without a browser); the page's texts are catalog `staff.revenue` (messages.ts).
 */

/** How many years the picker offers, ending with this one. */
export const REVENUE_YEARS_SHOWN = 8;

const ADELAIDE_YEAR = new Intl.DateTimeFormat('en-AU', { timeZone: REVENUE_TIME_ZONE, year: 'numeric' });

/** The calendar year in Adelaide now. */
export function adelaideYear(now = Date.now()): number {
  return Number(ADELAIDE_YEAR.format(new Date(now)));
}

/** The years the picker offers, newest first. */
export function yearChoices(current: number, count = REVENUE_YEARS_SHOWN): number[] {
  return Array.from({ length: count }, (_, i) => current - i);
}

const isMonth = (month: number) => Number.isInteger(month) && month >= 1 && month <= 12;
const monthOf = (month: number) => Date.UTC(2000, month - 1, 1);

/** `March` for 3 (in the language shown). */
export function monthName(month: number): string {
  return isMonth(month) ? formatDate(monthOf(month), currentLang(), { month: 'long', timeZone: 'UTC' }) : String(month);
}

/** `Mar` for 3: the chart's axis (English keeps three letters: Intl writes "Sept"). */
export function monthShort(month: number): string {
  const lang = currentLang();
  if (lang === 'en' || !isMonth(month)) return monthName(month).slice(0, 3);
  return formatDate(monthOf(month), lang, { month: 'short', timeZone: 'UTC' });
}

/** `A$120.00`, `-A$80.00`: an amount of Australian dollars that may be negative (net). */
export function money(cents: number): string {
  return moneyText(cents, 'aud');
}

export interface ChartBar {
  month: number;
  netCents: number;
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Where zero is (the baseline), from the top. */
  zeroY: number;
  bars: ChartBar[];
}

/** The chart's drawing area in SVG units (the SVG scales to its box), with a margin above and below the bars. */
export const CHART = { width: 600, height: 240, top: 10, bottom: 10, gap: 10 } as const;

/**
 * Bars of net revenue per month, scaled to the largest amount either side of zero: positive months rise
 * from the baseline, negative ones (more refunded than paid) hang below it. A zero month has no bar.
 */
export function chartLayout(months: readonly Pick<RevenueMonth, 'month' | 'netCents'>[]): ChartLayout {
  const plot = CHART.height - CHART.top - CHART.bottom;
  const high = Math.max(0, ...months.map((m) => m.netCents));
  const low = Math.min(0, ...months.map((m) => m.netCents));
  const span = high - low || 1;
  const zeroY = CHART.top + (high / span) * plot;
  const slot = CHART.width / Math.max(months.length, 1);
  const bars = months.map((m, i) => {
    const height = (Math.abs(m.netCents) / span) * plot;
    return { month: m.month, netCents: m.netCents, x: i * slot + CHART.gap / 2, width: slot - CHART.gap, y: m.netCents >= 0 ? zeroY - height : zeroY, height, negative: m.netCents < 0 };
  });
  return { width: CHART.width, height: CHART.height, zeroY, bars };
}

/** The month with the highest net, for the chart's summary (null when nothing was earned). */
export function bestMonth(months: readonly Pick<RevenueMonth, 'month' | 'netCents'>[]): string | null {
  const best = months.reduce<Pick<RevenueMonth, 'month' | 'netCents'> | null>((top, m) => (m.netCents > (top?.netCents ?? 0) ? m : top), null);
  return best ? translator(revenueCatalog)('best', { month: monthName(best.month), amount: money(best.netCents) }) : null;
}
