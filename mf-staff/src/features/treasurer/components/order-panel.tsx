import { useState } from 'react';
import { paths, type StaffOrderDetail } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { Link } from '@tca/ui/router';
import { StaffRecordLoader } from '../../../shared/staff-record-loader.js';
import { adelaideMoment } from '../../../shared/paging.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { getOrder, refundOrder } from '../api/orders-api.js';
import { amountText, boughtText, orderStatusText, refundSummary, stateChangeText, TREASURER_TEXTS } from '../treasurer.js';
import { RefundDialog } from './refund-dialog.js';
import styles from '../treasurer.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/orders/:reference: loads the order, then shows it (a failed load says why and offers Try again). */
export function OrderLoader({ reference }: { reference: string }) {
  return (
    <StaffRecordLoader
      load={getOrder}
      recordKey={reference}
      answerName="an order"
      title="Order"
      loadingLabel="Loading the order..."
      failedTitle="The order could not be loaded."
      back={{ to: paths.staffOrders, text: TREASURER_TEXTS.backToOrders }}
    >
      {(answer) => <OrderPanel initial={answer.order} />}
    </StaffRecordLoader>
  );
}

const orNone = (value: string | null) => value ?? TREASURER_TEXTS.nothingYet;

/** An order: amount, member, what was bought, Stripe's ids, the receipt number, its refund and every state change. */
export function OrderPanel({ initial }: { initial: StaffOrderDetail }) {
  const [order, setOrder] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();

  const refund = async (reason: string) => {
    const outcome = await run((token) => refundOrder(token, order.reference, reason));
    if (outcome.ok && outcome.answer) {
      setOrder(outcome.answer.order);
      setAsking(false);
      setFailure(null);
      notify.success(outcome.answer.message ?? TREASURER_TEXTS.refundPending);
      return;
    }
    setFailure(outcome.ok ? 'The server sent an answer this page does not understand. Reload the page.' : outcome.text);
  };

  const refundable = order.status === 'paid' && order.refund === null;
  return (
    <Page title={`Order ${order.orderNumber}`} lead={`${boughtText(order)}, ${amountText(order.amountCents, order.currency)}: ${orderStatusText(order.status)}.`}>
      <p className={staff.actions}>
        <Link to={paths.staffOrders} className={staff.secondary}>
          {TREASURER_TEXTS.backToOrders}
        </Link>
      </p>
      {order.problem ? <Banner tone="error" title={TREASURER_TEXTS.problemTitle}>{order.problem}</Banner> : null}
      <section className={staff.section} aria-labelledby="order-details-title">
        <h2 id="order-details-title" className={staff.sectionTitle}>
          Details
        </h2>
        <dl className={staff.details}>
          <dt>State</dt>
          <dd>
            <strong>{orderStatusText(order.status)}</strong>
          </dd>
          <dt>Amount</dt>
          <dd>{amountText(order.amountCents, order.currency)}</dd>
          <dt>Bought</dt>
          <dd>
            {boughtText(order)}
            {order.quantity > 1 ? ` × ${order.quantity}` : null}
          </dd>
          <dt>Member</dt>
          <dd>
            {orNone(order.email)}
            {order.userId ? <span className={staff.since}> (user {order.userId})</span> : null}
          </dd>
          {order.membershipRequestId ? (
            <>
              <dt>Membership</dt>
              <dd>
                {order.membershipRequestId}: {orNone(order.membershipStatus)}
              </dd>
            </>
          ) : null}
          <dt>Receipt number</dt>
          <dd>{orNone(order.receiptNumber)}</dd>
          <dt>Order reference</dt>
          <dd>{order.reference}</dd>
          <dt>Stripe Checkout Session</dt>
          <dd>{orNone(order.stripeSessionId)}</dd>
          <dt>Stripe PaymentIntent</dt>
          <dd>{orNone(order.stripePaymentIntentId)}</dd>
          <dt>Created</dt>
          <dd>{adelaideMoment(order.createdAt)}</dd>
          <dt>Paid</dt>
          <dd>{order.paidAt ? adelaideMoment(order.paidAt) : TREASURER_TEXTS.nothingYet}</dd>
        </dl>
      </section>
      <section className={staff.section} aria-labelledby="order-refund-title">
        <h2 id="order-refund-title" className={staff.sectionTitle}>
          Refund
        </h2>
        {order.refund ? <p>{refundSummary(order.refund)}</p> : null}
        {refundable ? (
          <p className={staff.actions}>
            <button type="button" className={`${staff.secondary} ${staff.danger}`} onClick={() => setAsking(true)}>
              {TREASURER_TEXTS.refundButton}
            </button>
          </p>
        ) : null}
        {!refundable && !order.refund ? <p>{TREASURER_TEXTS.notRefundable}</p> : null}
      </section>
      <section className={staff.section} aria-labelledby="order-history-title">
        <h2 id="order-history-title" className={staff.sectionTitle}>
          {TREASURER_TEXTS.historyTitle}
        </h2>
        <ol className={styles.history}>
          {order.events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <strong>{adelaideMoment(event.at)}</strong>: {stateChangeText(event)} <span className={staff.since}>({event.source})</span>
              {event.detail ? ` ${event.detail}` : null}
            </li>
          ))}
        </ol>
      </section>
      {asking ? (
        <RefundDialog
          order={order}
          busy={busy}
          failure={failure}
          onRefund={(reason) => void refund(reason)}
          onCancel={() => {
            setAsking(false);
            setFailure(null);
          }}
        />
      ) : null}
    </Page>
  );
}
