import { useCallback, useState, type ReactNode } from 'react';
import { paths, type RevenueAnswer, type RevenueFigures } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { sharedCatalog } from '../../../shared/messages.js';
import { AsWritten } from '../../../shared/as-written.js';
import { revenueCatalog } from '../messages.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { loadRevenue, revenueCsvPath } from '../api/revenue-api.js';
import { adelaideYear, money, monthName, yearChoices } from '../revenue.js';
import { RevenueChart } from './revenue-chart.js';
import staff from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';
import styles from '../revenue.module.css';

/** /staff/revenue (treasurer or owner): a year's revenue as a chart, a table per month and one per level, and its CSV. */
export function RevenuePanel({ initialYear = adelaideYear() }: { initialYear?: number }) {
  const t = useT(revenueCatalog);
  const shared = useT(sharedCatalog);
  const [year, setYear] = useState(initialYear);
  const call = useCallback((token: string, signal: AbortSignal) => loadRevenue(token, year, signal), [year]);
  const { load, reload } = useStaffLoad(call, 'a revenue report');
  return (
    <Page title={t('title')} lead={t('lead')}>
      <p className={staff.actions}>
        <Link to={paths.staffHome} className={staff.secondary}>
          {shared('list.back')}
        </Link>
        <Link to={paths.staffOrders} className={staff.secondary}>
          {t('toOrders')}
        </Link>
      </p>
      <div className={styles.controls}>
        <Field label={t('year')} errorLines={1}>
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
      {load.kind === 'loading' ? <Spinner label={t('loading')} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={t('failed')} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <RevenueReport report={load.answer} /> : null}
    </Page>
  );
}

/** Download CSV: fetched with the staff session into a blob; what happened said in a live region. */
function CsvButton({ year }: { year: number }) {
  const t = useT(revenueCatalog);
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = async () => {
    setSaid(null);
    const outcome = await download(revenueCsvPath(year), `revenue-${year}.csv`);
    setSaid(outcome.ok ? { tone: 'ok', text: t('csv.done', { name: outcome.fileName }) } : { tone: 'error', text: `${t('csv.failed')} ${outcome.message}` });
  };
  return (
    <div className={styles.download}>
      <button type="button" className={staff.secondary} disabled={busy} aria-busy={busy} onClick={() => void save()}>
        {richText(t(busy ? 'csv.busy' : 'csv.button'), { 0: (name) => <AsWritten>{name}</AsWritten> })}
      </button>
      <p role="status" className={said?.tone === 'error' ? staff.warn : styles.said}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}

/** The chart, then the same numbers per month and per level. */
export function RevenueReport({ report }: { report: RevenueAnswer }) {
  const t = useT(revenueCatalog);
  const empty = report.totals.count === 0 && report.totals.refundCount === 0;
  return (
    <>
      {empty ? <p role="status">{t('nothing', { year: report.year })}</p> : <RevenueChart year={report.year} months={report.months} totalCents={report.totals.netCents} />}
      <section className={staff.section} aria-labelledby="revenue-months">
        <FiguresTable id="revenue-months" caption={t('months', { year: report.year })} first={t('col.month')} rows={report.months.map((m) => ({ key: String(m.month), name: monthName(m.month), figures: m }))} totals={report.totals} />
      </section>
      <section className={staff.section} aria-labelledby="revenue-levels">
        {report.levels.length === 0 ? (
          <>
            <h2 id="revenue-levels" className={staff.sectionTitle}>
              {t('levels', { year: report.year })}
            </h2>
            <p>{t('levelsNone')}</p>
          </>
        ) : (
          <FiguresTable id="revenue-levels" caption={t('levels', { year: report.year })} first={t('col.level')} rows={report.levels.map((l) => ({ key: l.level, name: <AsWritten>{l.level}</AsWritten>, figures: l }))} totals={report.totals} />
        )}
      </section>
    </>
  );
}

interface FigureRow {
  key: string;
  name: ReactNode;
  figures: RevenueFigures;
}

/** A table of figures (a row per month or level, then the total), a list of cards on a phone. */
function FiguresTable({ id, caption, first, rows, totals }: { id: string; caption: string; first: string; rows: readonly FigureRow[]; totals: RevenueFigures }) {
  const t = useT(revenueCatalog);
  return (
    <table className={`${table.table} ${styles.figures}`}>
      <caption id={id}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{t('col.paidOrders')}</th>
          <th scope="col">{t('col.paid')}</th>
          <th scope="col">{t('col.refunds')}</th>
          <th scope="col">{t('col.refunded')}</th>
          <th scope="col">{t('col.net')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FiguresRow key={row.key} name={row.name} figures={row.figures} />
        ))}
      </tbody>
      <tfoot>
        <FiguresRow name={t('total')} figures={totals} />
      </tfoot>
    </table>
  );
}

function FiguresRow({ name, figures }: { name: ReactNode; figures: RevenueFigures }) {
  const t = useT(revenueCatalog);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label={t('col.paidOrders')} className={table.number}>
        {figures.count}
      </td>
      <td data-label={t('col.paid')} className={table.number}>
        {money(figures.paidCents)}
      </td>
      <td data-label={t('col.refunds')} className={table.number}>
        {figures.refundCount}
      </td>
      <td data-label={t('col.refunded')} className={table.number}>
        {money(figures.refundedCents)}
      </td>
      <td data-label={t('col.net')} className={`${table.number} ${figures.netCents < 0 ? styles.negative : ''}`}>
        {money(figures.netCents)}
      </td>
    </tr>
  );
}
