import type { RevenueMonth } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { bestMonth, chartLayout, money, monthName, monthShort } from '../revenue.js';
import { revenueCatalog } from '../messages.js';
import styles from '../revenue.module.css';

/**
 * Net revenue per month as an SVG bar chart drawn here (no chart library): one image with a title and a
 * summary for screen readers (role="img"); the numbers themselves are in the table that follows it. The SVG
 * stretches to its box (preserveAspectRatio none: bars only, no text in it), so it fits a 375 px screen.
 */
export function RevenueChart({ year, months, totalCents }: { year: number; months: readonly RevenueMonth[]; totalCents: number }) {
  const t = useT(revenueCatalog);
  const layout = chartLayout(months);
  const best = bestMonth(months);
  const titleId = `revenue-chart-title-${year}`;
  const descId = `revenue-chart-desc-${year}`;
  return (
    <figure className={styles.figure}>
      <figcaption id={titleId} className={styles.figcaption}>
        {t('chart.title', { year })}
      </figcaption>
      <svg className={styles.chart} viewBox={`0 0 ${layout.width} ${layout.height}`} role="img" aria-labelledby={titleId} aria-describedby={descId} preserveAspectRatio="none">
        <desc id={descId}>{best ? t('chart.summaryBest', { year, total: money(totalCents), best }) : t('chart.summary', { year, total: money(totalCents) })}</desc>
        {layout.bars.map((bar) => (
          <rect key={bar.month} className={bar.negative ? styles.barNegative : styles.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
            <title>{t('chart.bar', { month: monthName(bar.month), amount: money(bar.netCents) })}</title>
          </rect>
        ))}
        <line className={styles.baseline} x1={0} x2={layout.width} y1={layout.zeroY} y2={layout.zeroY} />
      </svg>
      {/* The month names as HTML under the bars (SVG text would be stretched with the chart); the image's summary and the table say the same. */}
      <ol className={styles.axis} aria-hidden="true">
        {layout.bars.map((bar) => (
          <li key={bar.month}>{monthShort(bar.month)}</li>
        ))}
      </ol>
    </figure>
  );
}
