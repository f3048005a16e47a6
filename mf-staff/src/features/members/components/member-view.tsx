import { Fragment, useState, type ReactNode } from 'react';
import { paths, type MembershipHistoryEntry, type MemberDetailAnswer, type MemberDocumentSummary, type MemberMembership, type StaffOrderSummary } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { StaffLoadView, StaffRecordLoader, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
import { documentPath, loadMember, loadMemberDocuments, loadMemberOrders } from '../api/members-api.js';
import { amountText, dayText, historyText, momentText, orderStateText, periodText, sizeText } from '../members-desk.js';
import { membersCatalog, membershipStatusText, useShownLang } from '../messages.js';
import { AsWritten } from '../../../shared/as-written.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import styles from '../members-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/members/:userId: the member's account, memberships (period, status history, dependants), orders and documents. */
export function MemberView({ userId }: { userId: string }) {
  const t = useT(membersCatalog);
  return (
    <StaffRecordLoader
      load={loadMember}
      recordKey={userId}
      answerName="a member's page"
      title={t('member.title')}
      loadingLabel={t('member.loading')}
      failedTitle={t('member.failed')}
      back={{ to: paths.staffMembers, text: t('member.back') }}
    >
      {(answer) => (
        <Page title={`${answer.account.firstName} ${answer.account.lastName}`.trim() || answer.account.email} lead={answer.account.email}>
          <p>
            <Link to={paths.staffMembers}>{t('member.back')}</Link>
          </p>
          <MemberDetail answer={answer} />
          <MemberOrders userId={userId} />
          <MemberDocuments userId={userId} />
        </Page>
      )}
    </StaffRecordLoader>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={staff.section} aria-labelledby={id}>
      <h2 id={id} className={staff.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The account (nothing secret: the API sends none) and every membership. */
export function MemberDetail({ answer }: { answer: MemberDetailAnswer }) {
  const t = useT(membersCatalog);
  const { account, memberships } = answer;
  return (
    <>
      <Section id="member-account" title={t('member.account')}>
        <Facts
          items={[
            [t('member.name'), <AsWritten key="n">{`${account.firstName} ${account.lastName}`.trim()}</AsWritten>],
            [t('member.email'), account.email],
            [t('member.phone'), account.phoneNumber || '—'],
            [t('member.id'), <AsWritten key="i">{account.userId}</AsWritten>],
            [t('member.registered'), momentText(account.createdAt)],
          ]}
        />
      </Section>
      <Section id="member-memberships" title={t('member.memberships')}>
        {memberships.length === 0 ? <p>{t('member.noMemberships')}</p> : memberships.map((m) => <MembershipView key={m.requestId} membership={m} />)}
      </Section>
    </>
  );
}

function MembershipView({ membership: m }: { membership: MemberMembership }) {
  const t = useT(membersCatalog);
  const headingId = `membership-${m.requestId}`;
  return (
    <article className={styles.membership} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <AsWritten>
          {m.level}: {m.requestId}
        </AsWritten>
      </h3>
      <Facts
        items={[
          [t('col.status'), <strong key="s">{membershipStatusText(m.status)}</strong>],
          [t('col.period'), periodText(m)],
          [t('col.requested'), momentText(m.createdAt)],
          [t('member.paid'), amountText(m)],
          [t('member.nameGiven'), <AsWritten key="n">{m.name}</AsWritten>],
          [t('member.emailGiven'), m.email],
          [t('member.phoneGiven'), m.phone || '—'],
          [t('member.addressGiven'), m.address ? <AsWritten key="a">{m.address}</AsWritten> : '—'],
        ]}
      />
      <h4>{t('member.history')}</h4>
      <ol className={styles.history}>
        {m.history.map((entry) => (
          <li key={`${entry.at}-${entry.toStatus}-${entry.event}`}>
            <time dateTime={entry.at}>{momentText(entry.at)}</time>: <HistoryLine entry={entry} />
          </li>
        ))}
      </ol>
      <h4>{t('member.dependants')}</h4>
      {m.dependants.length === 0 ? (
        <p>{t('member.noDependants')}</p>
      ) : (
        <ul className={styles.history}>
          {m.dependants.map((d) => (
            <li key={`${d.relation}-${d.name}`}>
              <AsWritten>
                {d.name} ({d.relation}, {d.age})
              </AsWritten>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function MemberOrders({ userId }: { userId: string }) {
  const t = useT(membersCatalog);
  const { load, reload } = useStaffLoadOf(loadMemberOrders, userId, 'a list of orders');
  return (
    <Section id="member-orders" title={t('member.orders')}>
      <StaffLoadView load={load} loadingLabel={t('member.ordersLoading')} failedTitle={t('member.ordersFailed')} onRetry={reload}>
        {(answer) => <OrdersList orders={answer.orders} />}
      </StaffLoadView>
    </Section>
  );
}

export function OrdersList({ orders }: { orders: readonly StaffOrderSummary[] }) {
  const t = useT(membersCatalog);
  if (orders.length === 0) return <p>{t('member.noOrders')}</p>;
  return (
    <ul className={staff.plainList}>
      {orders.map((o) => (
        <li key={o.reference}>
          <AsWritten>
            <strong>{o.orderNumber}</strong>: {o.productName}
          </AsWritten>
          , {amountText({ amountTotal: o.amountCents, currency: o.currency })}. {orderStateText(o)}
          {o.problem ? <span className={staff.warn}> {t('order.problem', { problem: o.problem })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function MemberDocuments({ userId }: { userId: string }) {
  const t = useT(membersCatalog);
  const { load, reload } = useStaffLoadOf(loadMemberDocuments, userId, 'a list of documents');
  return (
    <Section id="member-documents" title={t('member.documents')}>
      <StaffLoadView load={load} loadingLabel={t('member.documentsLoading')} failedTitle={t('member.documentsFailed')} onRetry={reload}>
        {(answer) => <DocumentsList documents={answer.documents} />}
      </StaffLoadView>
    </Section>
  );
}

/** Each document opens (downloads) through the staff session; every opening is audited by the payments service. */
export function DocumentsList({ documents }: { documents: readonly MemberDocumentSummary[] }) {
  const t = useT(membersCatalog);
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState('');
  if (documents.length === 0) return <p>{t('member.noDocuments')}</p>;
  const open = async (doc: MemberDocumentSummary) => {
    setSaid('');
    const outcome = await download(documentPath(doc.id), doc.fileName);
    setSaid(outcome.ok ? t('member.documentDone', { name: doc.fileName }) : `${t('member.documentFailed')} ${outcome.message}`);
  };
  return (
    <>
      <p className={staff.muted}>{t('member.documentNote')}</p>
      <ul className={staff.plainList}>
        {documents.map((doc) => (
          <li key={doc.id}>
            <button type="button" className={staff.secondary} disabled={busy} onClick={() => void open(doc)}>
              {t('member.documentOpen', { name: doc.fileName })}
            </button>{' '}
            <span className={staff.muted}>{t('member.documentSize', { size: sizeText(doc.size), day: dayText(doc.uploadedAt.slice(0, 10)) })}</span>
          </li>
        ))}
      </ul>
      <p role="status">{said}</p>
    </>
  );
}

/** A status change; on a page not in English the officer's reason is marked as written. */
function HistoryLine({ entry }: { entry: MembershipHistoryEntry }) {
  if (useShownLang() === 'en' || !entry.reason) return <>{historyText(entry)}</>;
  return (
    <>
      {historyText(entry, false)}: <AsWritten>{entry.reason}</AsWritten>
    </>
  );
}
