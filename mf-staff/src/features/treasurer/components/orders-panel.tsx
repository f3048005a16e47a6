import { useCallback, useState, type FormEvent } from 'react';
import { paths, staffOrderPath, type StaffOrderListAnswer } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { Link } from '@tca/ui/router';
import { LoadFailure } from '../../../shared/load-failure.js';
import { Pager } from '../../../shared/pager.js';
import { adelaideMoment, pageCount, rangeText } from '../../../shared/paging.js';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listOrders } from '../api/orders-api.js';
import { amountText, boughtText, FILTER_TABS, FIRST_ORDERS, orderStatusText, TREASURER_TEXTS, type OrdersFilter } from '../treasurer.js';
import styles from '../treasurer.module.css';
import staff from '../../../shared/staff.module.css';

const nouns = { one: 'order', many: 'orders' };

/** /staff/orders (treasurer or owner): the orders by tab, found by e-mail or reference, a page at a time. */
export function OrdersPanel() {
  const [filter, setFilter] = useState<OrdersFilter>(FIRST_ORDERS);
  const [typed, setTyped] = useState('');
  const call = useCallback((token: string, signal: AbortSignal) => listOrders(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'an order list');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, q: typed, page: 1 });
  };
  return (
    <Page title={TREASURER_TEXTS.ordersTitle} lead={TREASURER_TEXTS.ordersLead}>
      <p className={staff.actions}>
        <Link to={paths.staffHome} className={staff.secondary}>
          {TREASURER_TEXTS.back}
        </Link>
      </p>
      <section className={staff.section} aria-labelledby="orders-filter-title">
        <h2 id="orders-filter-title" className={staff.sectionTitle}>
          Show orders
        </h2>
        <ul className={staff.tabs} aria-label="Orders to show">
          {FILTER_TABS.map((tab) => (
            <li key={tab.value}>
              <button type="button" className={`${staff.secondary} ${staff.tab}`} aria-pressed={filter.filter === tab.value} onClick={() => setFilter({ ...filter, filter: tab.value, page: 1 })}>
                {tab.label}
              </button>
            </li>
          ))}
        </ul>
        <form role="search" noValidate className={styles.search} onSubmit={search}>
          <Field label={TREASURER_TEXTS.searchLabel} hint={TREASURER_TEXTS.searchHint} errorLines={1}>
            {(control) => <input {...control} type="search" className={fieldClasses.control} value={typed} maxLength={320} onChange={(event) => setTyped(event.target.value)} />}
          </Field>
          <p className={staff.actions}>
            <button type="submit" className="tca-button">
              {TREASURER_TEXTS.searchButton}
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
                {TREASURER_TEXTS.clearSearch}
              </button>
            ) : null}
          </p>
        </form>
      </section>
      {load.kind === 'loading' ? <Spinner label="Loading the orders..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The orders could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <OrderRows answer={load.answer} onPage={(page) => setFilter({ ...filter, page })} /> : null}
    </Page>
  );
}

/** A page of orders as rows (one column on a phone): order and member, what and how much, state and when. */
export function OrderRows({ answer, onPage }: { answer: StaffOrderListAnswer; onPage: (page: number) => void }) {
  return (
    <>
      <p role="status">{rangeText(answer, answer.orders.length, 'Orders')}</p>
      <StaffRows items={answer.orders} nouns={nouns} firstHint={TREASURER_TEXTS.firstHint} keyOf={(order) => order.reference}>
        {(order) => (
          <>
            <div>
              <p className={styles.reference}>
                <Link to={staffOrderPath(order.reference)}>{order.orderNumber}</Link>
              </p>
              <span className={staff.since}>{order.email ?? TREASURER_TEXTS.nothingYet}</span>
              {order.problem ? <p className={styles.problem}>Problem: {order.problem}</p> : null}
            </div>
            <LabelledCell label="Bought">
              <span>
                {boughtText(order)}, {amountText(order.amountCents, order.currency)}
              </span>
            </LabelledCell>
            <LabelledCell label="State">
              <span className={order.problem || order.status === 'refunded' ? staff.warn : staff.badge}>{orderStatusText(order.status)}</span>
            </LabelledCell>
            <LabelledCell label="Created">
              <span>{adelaideMoment(order.createdAt)}</span>
            </LabelledCell>
          </>
        )}
      </StaffRows>
      <Pager page={answer.page} pages={pageCount(answer)} label="Pages of orders" onPage={onPage} />
    </>
  );
}
