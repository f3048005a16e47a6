import { Fragment, useState, type ReactNode } from 'react';
import { paths, type MemberDetailAnswer, type MemberDocumentSummary, type MemberMembership, type StaffOrderSummary } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { StaffLoadView, StaffRecordLoader, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
import { documentPath, loadMember, loadMemberDocuments, loadMemberOrders } from '../api/members-api.js';
import { amountText, dayText, DESK_TEXTS, historyText, momentText, orderStateText, periodText, sizeText } from '../members-desk.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import styles from '../members-desk.module.css';
import staff from '../../../shared/staff.module.css';

const T = DESK_TEXTS.member;

/** /staff/members/:userId: the member's account, memberships (period, status history, dependants), orders and documents. */
export function MemberView({ userId }: { userId: string }) {
  return (
    <StaffRecordLoader
      load={loadMember}
      recordKey={userId}
      answerName="a member's page"
      title="Member"
      loadingLabel={T.loading}
      failedTitle={T.loadFailed}
      back={{ to: paths.staffMembers, text: T.back }}
    >
      {(answer) => (
        <Page title={`${answer.account.firstName} ${answer.account.lastName}`.trim() || answer.account.email} lead={answer.account.email}>
          <p>
            <Link to={paths.staffMembers}>{T.back}</Link>
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
  const { account, memberships } = answer;
  return (
    <>
      <Section id="member-account" title={T.account}>
        <Facts
          items={[
            ['Name', `${account.firstName} ${account.lastName}`.trim()],
            ['E-mail', account.email],
            ['Phone', account.phoneNumber || '—'],
            ['Member ID', account.userId],
            ['Registered', momentText(account.createdAt)],
          ]}
        />
      </Section>
      <Section id="member-memberships" title={T.memberships}>
        {memberships.length === 0 ? <p>{T.noMemberships}</p> : memberships.map((m) => <MembershipView key={m.requestId} membership={m} />)}
      </Section>
    </>
  );
}

function MembershipView({ membership: m }: { membership: MemberMembership }) {
  const headingId = `membership-${m.requestId}`;
  return (
    <article className={styles.membership} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {m.level}: {m.requestId}
      </h3>
      <Facts
        items={[
          ['Status', <strong key="s">{m.status}</strong>],
          ['Period', periodText(m)],
          ['Requested', momentText(m.createdAt)],
          ['Paid', amountText(m)],
          ['Name given', m.name],
          ['E-mail given', m.email],
          ['Phone given', m.phone || '—'],
          ['Address given', m.address || '—'],
        ]}
      />
      <h4>{T.history}</h4>
      <ol className={styles.history}>
        {m.history.map((entry) => (
          <li key={`${entry.at}-${entry.toStatus}-${entry.event}`}>
            <time dateTime={entry.at}>{momentText(entry.at)}</time>: {historyText(entry)}
          </li>
        ))}
      </ol>
      <h4>{T.dependants}</h4>
      {m.dependants.length === 0 ? (
        <p>{T.noDependants}</p>
      ) : (
        <ul className={styles.history}>
          {m.dependants.map((d) => (
            <li key={`${d.relation}-${d.name}`}>
              {d.name} ({d.relation}, {d.age})
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function MemberOrders({ userId }: { userId: string }) {
  const { load, reload } = useStaffLoadOf(loadMemberOrders, userId, 'a list of orders');
  return (
    <Section id="member-orders" title={T.orders}>
      <StaffLoadView load={load} loadingLabel="Loading the orders..." failedTitle={T.ordersFailed} onRetry={reload}>
        {(answer) => <OrdersList orders={answer.orders} />}
      </StaffLoadView>
    </Section>
  );
}

export function OrdersList({ orders }: { orders: readonly StaffOrderSummary[] }) {
  if (orders.length === 0) return <p>{T.noOrders}</p>;
  return (
    <ul className={staff.plainList}>
      {orders.map((o) => (
        <li key={o.reference}>
          <strong>{o.orderNumber}</strong>: {o.productName}, {amountText({ amountTotal: o.amountCents, currency: o.currency })}. {orderStateText(o)}
          {o.problem ? <span className={staff.warn}> Problem: {o.problem}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function MemberDocuments({ userId }: { userId: string }) {
  const { load, reload } = useStaffLoadOf(loadMemberDocuments, userId, 'a list of documents');
  return (
    <Section id="member-documents" title={T.documents}>
      <StaffLoadView load={load} loadingLabel="Loading the documents..." failedTitle={T.documentsFailed} onRetry={reload}>
        {(answer) => <DocumentsList documents={answer.documents} />}
      </StaffLoadView>
    </Section>
  );
}

/** Each document opens (downloads) through the staff session; every opening is audited by the payments service. */
export function DocumentsList({ documents }: { documents: readonly MemberDocumentSummary[] }) {
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState('');
  if (documents.length === 0) return <p>{T.noDocuments}</p>;
  const open = async (doc: MemberDocumentSummary) => {
    setSaid('');
    const outcome = await download(documentPath(doc.id), doc.fileName);
    setSaid(outcome.ok ? `${doc.fileName} was downloaded.` : `${T.documentOpenFailed} ${outcome.message}`);
  };
  return (
    <>
      <p className={staff.muted}>{T.documentNote}</p>
      <ul className={staff.plainList}>
        {documents.map((doc) => (
          <li key={doc.id}>
            <button type="button" className={staff.secondary} disabled={busy} onClick={() => void open(doc)}>
              Open {doc.fileName}
            </button>{' '}
            <span className={staff.muted}>
              {sizeText(doc.size)}, uploaded {dayText(doc.uploadedAt.slice(0, 10))}
            </span>
          </li>
        ))}
      </ul>
      <p role="status">{said}</p>
    </>
  );
}
