import { useCallback, useEffect, useState } from 'react';
import { TICKET_MESSAGE_MAX, type MyTicket } from '@tca/contracts';
import { notify } from '@tca/ui';
import { isRejectedToken, type ApiResult } from '@tca/ui/api';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import { changeMyTicket, getMyTickets } from '../api/my-tickets.js';
import { canReopen, myReplyError, myTicketAuthor, myTicketHeading, myTicketStatus, myTicketWhen, reopenHint } from '../my-tickets.js';
import { loadFailureDetail } from '../profile-outcomes.js';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { translator, useT } from '@tca/ui/i18n';
import { foreignText, shownText } from '../../../shared/messages.js';
import { profileCatalog } from '../messages.js';

type TicketsLoad = { kind: 'loading' } | { kind: 'ready'; tickets: MyTicket[] } | { kind: 'failed'; detail: string };

/** Runs a call with the stored session; a session the server no longer accepts logs the browser out (null then). */
async function withSession<T>(call: (token: string) => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> {
  const token = readToken();
  if (!token) {
    await endSession('rejected');
    return null;
  }
  const result = await call(token);
  if (isRejectedToken(result)) {
    await endSession('rejected');
    return null;
  }
  return result;
}

/** "My tickets" (issue 15): the member's tickets, each with its conversation, a reply box while open, Reopen within 14 days of closing. */
export function MyTickets() {
  const [load, setLoad] = useState<TicketsLoad>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void withSession((token) => getMyTickets(token, controller.signal)).then((result) => {
      if (!result || controller.signal.aborted) return;
      if (result.kind === 'ok' && result.answer) setLoad({ kind: 'ready', tickets: result.answer.tickets });
      else setLoad({ kind: 'failed', detail: result.kind === 'ok' ? translator(profileCatalog)('tickets.unreadable') : loadFailureDetail(result) });
    });
    return () => controller.abort();
  }, []);
  const replace = useCallback((ticket: MyTicket) => {
    setLoad((now) => (now.kind === 'ready' ? { kind: 'ready', tickets: now.tickets.map((t) => (t.reference === ticket.reference ? ticket : t)) } : now));
  }, []);

  return <MyTicketsView load={load} onChanged={replace} />;
}

/** The section as it looks for a load (rendered on its own by the markup tests). */
export function MyTicketsView({ load, onChanged, now }: { load: TicketsLoad; onChanged: (ticket: MyTicket) => void; now?: Date }) {
  const t = useT(profileCatalog);
  return (
    <section className={styles.section} aria-labelledby="my-tickets-title" aria-busy={load.kind === 'loading'}>
      <h2 id="my-tickets-title" className={styles.sectionTitle}>
        {t('tickets.title')}
      </h2>
      <p>{t('tickets.lead')}</p>
      {load.kind === 'loading' ? (
        <p className={styles.loading} role="status">
          {t('tickets.loading')}
        </p>
      ) : null}
      {load.kind === 'failed' ? <Banner tone="error" title={t('tickets.failed')}>
          <span lang={foreignText(load.detail)}>{shownText(load.detail)}</span>
        </Banner> : null}
      {load.kind === 'ready' && load.tickets.length === 0 ? <p>{t('tickets.none')}</p> : null}
      {load.kind === 'ready' ? load.tickets.map((ticket) => <TicketCard key={ticket.reference} ticket={ticket} onChanged={onChanged} now={now} />) : null}
    </section>
  );
}

function TicketCard({ ticket, onChanged, now }: { ticket: MyTicket; onChanged: (ticket: MyTicket) => void; now?: Date | undefined }) {
  const t = useT(profileCatalog);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `ticket-${ticket.reference}-title`;

  const send = async (change: Parameters<typeof changeMyTicket>[2]): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    const result = await withSession((token) => changeMyTicket(token, ticket.reference, change));
    setBusy(false);
    if (!result) return false;
    if (result.kind === 'ok' && result.answer) {
      setFailure(null);
      onChanged(result.answer.ticket);
      notify.success(change.kind === 'reply' ? t('tickets.replySent') : t('tickets.reopened'));
      return true;
    }
    setFailure(result.kind === 'ok' ? t('tickets.unreadable') : loadFailureDetail(result));
    return false;
  };

  return (
    <article className={styles.ticket} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {myTicketHeading(ticket)}
      </h3>
      <p>
        <span className={styles.badge}>{myTicketStatus(ticket)}</span> {t('tickets.raised', { when: myTicketWhen(ticket.createdAt) })}
      </p>
      <ol className={styles.conversation} aria-label={t('tickets.conversation', { reference: ticket.reference })}>
        {ticket.messages.map((message) => (
          <li key={message.id} className={message.kind === 'staff_reply' ? styles.fromTeam : undefined}>
            <p className={styles.entryHead}>
              {myTicketAuthor(message)}, {myTicketWhen(message.createdAt)}
            </p>
            <p className={styles.entryBody}>{message.body}</p>
          </li>
        ))}
      </ol>
      {failure ? <Banner tone="error" title={shownText(failure)} /> : null}
      {ticket.status !== 'closed' ? <ReplyForm reference={ticket.reference} busy={busy} onSend={(body) => send({ kind: 'reply', body })} /> : null}
      {canReopen(ticket, now) ? (
        <div className={accountStyles.actions}>
          <p>{reopenHint(ticket)}</p>
          <button type="button" className={accountStyles.secondary} aria-disabled={busy || undefined} aria-label={t('tickets.reopenOne', { reference: ticket.reference })} onClick={() => void send({ kind: 'reopen' })}>
            {t('tickets.reopen')}
          </button>
        </div>
      ) : null}
      {ticket.status === 'closed' && !canReopen(ticket, now) ? <p>{t('tickets.closedTooLong')}</p> : null}
    </article>
  );
}

function ReplyForm({ reference, busy, onSend }: { reference: string; busy: boolean; onSend: (body: string) => Promise<boolean> }) {
  const t = useT(profileCatalog);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={t('tickets.replyForm', { reference })}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = myReplyError(body);
        setError(problem);
        if (problem === null) void onSend(body.trim()).then((sent) => sent && setBody(''));
      }}
    >
      <Field label={t('tickets.replyLabel')} required error={error ?? undefined} hint={t('tickets.replyHint')} errorLines={1}>
        {(control) => (
          <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={4} maxLength={TICKET_MESSAGE_MAX} value={body} onChange={(event) => setBody(event.target.value)} />
        )}
      </Field>
      <div className={accountStyles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined} aria-label={busy ? undefined : t('tickets.replyOn', { reference })}>
          {busy ? t('tickets.sending') : t('tickets.replyButton')}
        </button>
      </div>
    </form>
  );
}
