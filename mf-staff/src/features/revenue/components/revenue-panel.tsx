import { useCallback, useState } from 'react';
import { paths, type RevenueAnswer, type RevenueFigures } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { Link } from '@tca/ui/router';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { loadRevenue, revenueCsvPath } from '../api/revenue-api.js';
import { adelaideYear, money, monthName, REVENUE_TEXTS, yearChoices } from '../revenue.js';
import { RevenueChart } from './revenue-chart.js';
import staff from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';
import styles from '../revenue.module.css';

const T = REVENUE_TEXTS;

/** /staff/revenue (treasurer or owner): a year's revenue as a chart, a table per month and one per level, and its CSV. */
export function RevenuePanel({ initialYear = adelaideYear() }: { initialYear?: number }) {
  const [year, setYear] = useState(initialYear);
  const call = useCallback((token: string, signal: AbortSignal) => loadRevenue(token, year, signal), [year]);
  const { load, reload } = useStaffLoad(call, 'a revenue report');
  return (
    <Page title={T.title} lead={T.lead}>
      <p className={staff.actions}>
        <Link to={paths.staffHome} className={staff.secondary}>
          {T.back}
        </Link>
        <Link to={paths.staffOrders} className={staff.secondary}>
          {T.toOrders}
        </Link>
      </p>
      <div className={styles.controls}>
        <Field label={T.yearLabel} errorLines={1}>
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {yearChoices(initialYear).map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CsvButton year={year} />
      </div>
      {load.kind === 'loading' ? <Spinner label={T.loading} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={T.loadFailed} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <RevenueReport report={load.answer} /> : null}
    </Page>
  );
}

/** Download CSV: fetched with the staff session into a blob; what happened said in a live region. */
function CsvButton({ year }: { year: number }) {
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = async () => {
    setSaid(null);
    const outcome = await download(revenueCsvPath(year), `revenue-${year}.csv`);
    setSaid(outcome.ok ? { tone: 'ok', text: T.downloaded(outcome.fileName) } : { tone: 'error', text: `${T.downloadFailed} ${outcome.message}` });
  };
  return (
    <div className={styles.download}>
      <button type="button" className={staff.secondary} disabled={busy} aria-busy={busy} onClick={() => void save()}>
        {busy ? T.downloading : T.download}
      </button>
      <p role="status" className={said?.tone === 'error' ? staff.warn : styles.said}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}

/** The chart, then the same numbers per month and per level. */
export function RevenueReport({ report }: { report: RevenueAnswer }) {
  const empty = report.totals.count === 0 && report.totals.refundCount === 0;
  return (
    <>
      {empty ? <p role="status">{T.nothing(report.year)}</p> : <RevenueChart year={report.year} months={report.months} totalCents={report.totals.netCents} />}
      <section className={staff.section} aria-labelledby="revenue-months">
        <FiguresTable id="revenue-months" caption={T.monthsCaption(report.year)} first={T.month} rows={report.months.map((m) => ({ key: String(m.month), name: monthName(m.month), figures: m }))} totals={report.totals} />
      </section>
      <section className={staff.section} aria-labelledby="revenue-levels">
        {report.levels.length === 0 ? (
          <>
            <h2 id="revenue-levels" className={staff.sectionTitle}>
              {T.levelsCaption(report.year)}
            </h2>
            <p>{T.levelsNone}</p>
          </>
        ) : (
          <FiguresTable id="revenue-levels" caption={T.levelsCaption(report.year)} first={T.level} rows={report.levels.map((l) => ({ key: l.level, name: l.level, figures: l }))} totals={report.totals} />
        )}
      </section>
    </>
  );
}

interface FigureRow {
  key: string;
  name: string;
  figures: RevenueFigures;
}

/** A table of figures (a row per month or level, then the total), a list of cards on a phone. */
function FiguresTable({ id, caption, first, rows, totals }: { id: string; caption: string; first: string; rows: readonly FigureRow[]; totals: RevenueFigures }) {
  return (
    <table className={`${table.table} ${styles.figures}`}>
      <caption id={id}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{T.paidOrders}</th>
          <th scope="col">{T.paid}</th>
          <th scope="col">{T.refunds}</th>
          <th scope="col">{T.refunded}</th>
          <th scope="col">{T.net}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FiguresRow key={row.key} name={row.name} figures={row.figures} />
        ))}
      </tbody>
      <tfoot>
        <FiguresRow name={T.total} figures={totals} />
      </tfoot>
    </table>
  );
}

function FiguresRow({ name, figures }: { name: string; figures: RevenueFigures }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label={T.paidOrders} className={table.number}>
        {figures.count}
      </td>
      <td data-label={T.paid} className={table.number}>
        {money(figures.paidCents)}
      </td>
      <td data-label={T.refunds} className={table.number}>
        {figures.refundCount}
      </td>
      <td data-label={T.refunded} className={table.number}>
        {money(figures.refundedCents)}
      </td>
      <td data-label={T.net} className={`${table.number} ${figures.netCents < 0 ? styles.negative : ''}`}>
        {money(figures.netCents)}
      </td>
    </tr>
  );
}
