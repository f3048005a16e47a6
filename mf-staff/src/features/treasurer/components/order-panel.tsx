import { useState } from 'react';
import { paths, type StaffOrderDetail } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { knownText } from '../../../shared/known-text.js';
import { StaffRecordLoader } from '../../../shared/staff-record-loader.js';
import { adelaideMoment } from '../../../shared/paging.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { getOrder, refundOrder } from '../api/orders-api.js';
import { AsWritten, TitledPage, WithWritten } from '../../../shared/as-written.js';
import { membershipStateText, treasurerCatalog } from '../messages.js';
import { amountText, boughtName, boughtText, orderStatusText, refundSummary, stateChangeText } from '../treasurer.js';
import { RefundDialog } from './refund-dialog.js';
import styles from '../treasurer.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/orders/:reference: loads the order, then shows it (a failed load says why and offers Try again). */
export function OrderLoader({ reference }: { reference: string }) {
  const t = useT(treasurerCatalog);
  return (
    <StaffRecordLoader
      load={getOrder}
      recordKey={reference}
      answerName="an order"
      title={t('order.title')}
      loadingLabel={t('order.loading')}
      failedTitle={t('order.failed')}
      back={{ to: paths.staffOrders, text: t('order.back') }}
    >
      {(answer) => <OrderPanel initial={answer.order} />}
    </StaffRecordLoader>
  );
}

/** An order: amount, member, what was bought, Stripe's ids, the receipt number, its refund and every state change. */
export function OrderPanel({ initial }: { initial: StaffOrderDetail }) {
  const t = useT(treasurerCatalog);
  // A value as written (an id, an e-mail), or None.
  const orNone = (value: string | null) => (value === null ? t('order.none') : <AsWritten>{value}</AsWritten>);
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
      notify.success(outcome.answer.message ? knownText(outcome.answer.message, treasurerCatalog) : t('refund.pending'));
      return;
    }
    setFailure(outcome.ok ? t('order.unreadable') : knownText(outcome.text, treasurerCatalog));
  };

  const refundable = order.status === 'paid' && order.refund === null;
  return (
    <TitledPage
      title={t('order.titleOf', { number: order.orderNumber })}
      written={order.orderNumber}
      lead={<WithWritten text={t('order.lead', { bought: boughtText(order), amount: amountText(order.amountCents, order.currency), status: orderStatusText(order.status) })} written={boughtName(order)} />}
    >
      <p className={staff.actions}>
        <Link to={paths.staffOrders} className={staff.secondary}>
          {t('order.back')}
        </Link>
      </p>
      {order.problem ? (
        <Banner tone="error" title={t('order.problemTitle')}>
          <AsWritten>{order.problem}</AsWritten>
        </Banner>
      ) : null}
      <section className={staff.section} aria-labelledby="order-details-title">
        <h2 id="order-details-title" className={staff.sectionTitle}>
          {t('order.details')}
        </h2>
        <dl className={staff.details}>
          <dt>{t('order.state')}</dt>
          <dd>
            <strong>{orderStatusText(order.status)}</strong>
          </dd>
          <dt>{t('order.amount')}</dt>
          <dd>{amountText(order.amountCents, order.currency)}</dd>
          <dt>{t('order.bought')}</dt>
          <dd>
            <WithWritten text={boughtText(order)} written={boughtName(order)} />
            {order.quantity > 1 ? ` × ${order.quantity}` : null}
          </dd>
          <dt>{t('order.member')}</dt>
          <dd>
            {orNone(order.email)}
            {order.userId ? <span className={staff.since}> {t('order.user', { id: order.userId })}</span> : null}
          </dd>
          {order.membershipRequestId ? (
            <>
              <dt>{t('order.membership')}</dt>
              <dd>
                <AsWritten>{order.membershipRequestId}</AsWritten>: {order.membershipStatus ? membershipStateText(order.membershipStatus) : t('order.none')}
              </dd>
            </>
          ) : null}
          <dt>{t('order.receipt')}</dt>
          <dd>{orNone(order.receiptNumber)}</dd>
          <dt>{t('order.reference')}</dt>
          <dd>
            <AsWritten>{order.reference}</AsWritten>
          </dd>
          <dt>{t('order.session')}</dt>
          <dd>{orNone(order.stripeSessionId)}</dd>
          <dt>{t('order.intent')}</dt>
          <dd>{orNone(order.stripePaymentIntentId)}</dd>
          <dt>{t('order.created')}</dt>
          <dd>{adelaideMoment(order.createdAt)}</dd>
          <dt>{t('order.paid')}</dt>
          <dd>{order.paidAt ? adelaideMoment(order.paidAt) : t('order.none')}</dd>
        </dl>
      </section>
      <section className={staff.section} aria-labelledby="order-refund-title">
        <h2 id="order-refund-title" className={staff.sectionTitle}>
          {t('refund.title')}
        </h2>
        {order.refund ? <p>{refundSummary(order.refund)}</p> : null}
        {refundable ? (
          <p className={staff.actions}>
            <button type="button" className={`${staff.secondary} ${staff.danger}`} onClick={() => setAsking(true)}>
              {t('refund.button')}
            </button>
          </p>
        ) : null}
        {!refundable && !order.refund ? <p>{t('refund.notRefundable')}</p> : null}
      </section>
      <section className={staff.section} aria-labelledby="order-history-title">
        <h2 id="order-history-title" className={staff.sectionTitle}>
          {t('order.history')}
        </h2>
        <ol className={styles.history}>
          {order.events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <strong>{adelaideMoment(event.at)}</strong>: {stateChangeText(event)} <span className={staff.since}>
                (<AsWritten>{event.source}</AsWritten>)
              </span>
              {event.detail ? (
                <>
                  {' '}
                  <AsWritten>{event.detail}</AsWritten>
                </>
              ) : null}
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
    </TitledPage>
  );
}
