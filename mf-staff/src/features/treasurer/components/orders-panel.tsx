import { useCallback, useState, type FormEvent } from 'react';
import { paths, staffOrderPath, type StaffOrderListAnswer } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT, type Translate } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { LoadFailure } from '../../../shared/load-failure.js';
import { Pager } from '../../../shared/pager.js';
import { adelaideMoment, pageCount } from '../../../shared/paging.js';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listOrders } from '../api/orders-api.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { AsWritten, WithWritten } from '../../../shared/as-written.js';
import { treasurerCatalog } from '../messages.js';
import { amountText, boughtName, boughtText, FILTER_TABS, FIRST_ORDERS, orderStatusText, type OrdersFilter } from '../treasurer.js';
import styles from '../treasurer.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/orders (treasurer or owner): the orders by tab, found by e-mail or reference, a page at a time. */
export function OrdersPanel() {
  const t = useT(treasurerCatalog);
  const shared = useT(sharedCatalog);
  const [filter, setFilter] = useState<OrdersFilter>(FIRST_ORDERS);
  const [typed, setTyped] = useState('');
  const call = useCallback((token: string, signal: AbortSignal) => listOrders(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'an order list');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, q: typed, page: 1 });
  };
  return (
    <Page title={t('orders.title')} lead={t('orders.lead')}>
      <p className={staff.actions}>
        <Link to={paths.staffHome} className={staff.secondary}>
          {shared('list.back')}
        </Link>
      </p>
      <section className={staff.section} aria-labelledby="orders-filter-title">
        <h2 id="orders-filter-title" className={staff.sectionTitle}>
          {t('orders.show')}
        </h2>
        <ul className={staff.tabs} aria-label={t('orders.tabs')}>
          {FILTER_TABS.map((tab) => (
            <li key={tab.value}>
              <button type="button" className={`${staff.secondary} ${staff.tab}`} aria-pressed={filter.filter === tab.value} onClick={() => setFilter({ ...filter, filter: tab.value, page: 1 })}>
                {t(tab.label)}
              </button>
            </li>
          ))}
        </ul>
        <form role="search" noValidate className={styles.search} onSubmit={search}>
          <Field label={t('search.label')} hint={richText(t('search.hint'), { 0: (id) => <AsWritten>{id}</AsWritten> })} errorLines={1}>
            {(control) => <input {...control} type="search" className={fieldClasses.control} value={typed} maxLength={320} onChange={(event) => setTyped(event.target.value)} />}
          </Field>
          <p className={staff.actions}>
            <button type="submit" className="tca-button">
              {t('search.button')}
            </button>
            {filter.q !== '' ? (
              <button
                type="button"
                className={staff.secondary}
                onClick={() => {
                  setTyped('');
                  setFilter({ ...filter, q: '', page: 1 });
                }}
              >
                {t('search.clear')}
              </button>
            ) : null}
          </p>
        </form>
      </section>
      {load.kind === 'loading' ? <Spinner label={t('orders.loading')} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={t('orders.failed')} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <OrderRows answer={load.answer} onPage={(page) => setFilter({ ...filter, page })} /> : null}
    </Page>
  );
}

/** A page of orders as rows (one column on a phone): order and member, what and how much, state and when. */
export function OrderRows({ answer, onPage }: { answer: StaffOrderListAnswer; onPage: (page: number) => void }) {
  const t = useT(treasurerCatalog);
  return (
    <>
      <p role="status">{ordersRangeText(answer, t)}</p>
      <StaffRows items={answer.orders} texts={{ empty: t('orders.empty'), count: (n) => t('orders.count', { n }) }} titleId="orders-title" keyOf={(order) => order.reference}>
        {(order) => (
          <>
            <div>
              <p className={styles.reference}>
                <Link to={staffOrderPath(order.reference)}>
                  <AsWritten>{order.orderNumber}</AsWritten>
                </Link>
              </p>
              <span className={staff.since}>{order.email ?? t('order.none')}</span>
              {order.problem ? (
                <p className={styles.problem}>
                  <WithWritten text={t('row.problem', { problem: order.problem })} written={order.problem} />
                </p>
              ) : null}
            </div>
            <LabelledCell label={t('row.bought')}>
              <span>
                <WithWritten text={boughtText(order)} written={boughtName(order)} />, {amountText(order.amountCents, order.currency)}
              </span>
            </LabelledCell>
            <LabelledCell label={t('row.state')}>
              <span className={order.problem || order.status === 'refunded' ? staff.warn : staff.badge}>{orderStatusText(order.status)}</span>
            </LabelledCell>
            <LabelledCell label={t('row.created')}>
              <span>{adelaideMoment(order.createdAt)}</span>
            </LabelledCell>
          </>
        )}
      </StaffRows>
      <Pager page={answer.page} pages={pageCount(answer)} label={t('orders.pages')} onPage={onPage} />
    </>
  );
}

/** "Orders 26–50 of 61", or that this page has none. */
function ordersRangeText(answer: StaffOrderListAnswer, t: Translate<typeof treasurerCatalog.english>): string {
  if (answer.total === 0 || answer.orders.length === 0) return t('orders.noneHere');
  const first = (answer.page - 1) * answer.pageSize + 1;
  return t('orders.range', { first, last: first + answer.orders.length - 1, total: answer.total });
}
