import { useState } from 'react';
import { paths, type Assignee, type StaffPerson, type StaffTicket } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { knownText } from '../../../shared/known-text.js';
import { AsWritten, TitledPage, WithWritten } from '../../../shared/as-written.js';
import { supportCatalog } from '../messages.js';
import { StaffRecordLoader } from '../../../shared/staff-record-loader.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { changeTicket, type TicketChange } from '../api/change-ticket.js';
import { getTicket } from '../api/get-ticket.js';
import { listAssignees } from '../api/list-assignees.js';
import { ageText, assigneeText, authorText, issueTypeText, statusText, whenText } from '../support-desk.js';
import { MessageBox } from './message-box.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/support/:reference: loads the ticket, then shows it (a failed load says why and offers Try again). */
export function TicketLoader({ reference }: { reference: string }) {
  const t = useT(supportCatalog);
  return (
    <StaffRecordLoader
      load={getTicket}
      recordKey={reference}
      answerName="a ticket"
      title={t('ticket.title', { reference })}
      loadingLabel={t('ticket.loading', { reference })}
      failedTitle={t('ticket.failed')}
      back={{ to: paths.staffSupport, text: t('ticket.back') }}
    >
      {(answer) => <TicketPanel initial={answer.ticket} />}
    </StaffRecordLoader>
  );
}

/** The ticket: who raised it, the conversation (notes too), reply, note, assignee, close or reopen. */
export function TicketPanel({ initial, assignees: givenAssignees }: { initial: StaffTicket; assignees?: readonly Assignee[] }) {
  const t = useT(supportCatalog);
  const [ticket, setTicket] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const { load: people } = useStaffLoad(listAssignees, 'a list of staff');
  const assignees = givenAssignees ?? (people.kind === 'ready' ? people.answer.assignees : []);
  const assigneesFailure = givenAssignees === undefined && people.kind === 'failed' ? `${t('assign.failed')} ${people.detail}` : undefined;

  const change = async (what: TicketChange): Promise<boolean> => {
    const outcome = await run((token) => changeTicket(token, ticket.reference, what));
    if (outcome.ok && outcome.answer) {
      setTicket(outcome.answer.ticket);
      setFailure(null);
      notify.success(outcome.answer.message ? knownText(outcome.answer.message, supportCatalog) : t('ticket.saved'));
      return true;
    }
    const text = outcome.ok ? t('ticket.unreadable') : knownText(outcome.text, supportCatalog);
    setFailure(text);
    notify.error(text);
    return false;
  };

  const closed = ticket.status === 'closed';
  return (
    <TitledPage
      title={t('ticket.title', { reference: ticket.reference })}
      written={ticket.reference}
      lead={<WithWritten text={t('ticket.lead', { issue: issueTypeText(ticket.issueType), name: ticket.name, age: ageText(ticket.createdAt) })} written={ticket.name} />}
    >
      <p className={staff.actions}>
        <Link to={paths.staffSupport} className={staff.secondary}>
          {t('ticket.back')}
        </Link>
      </p>
      {failure ? <Banner tone="error" title={failure} /> : null}
      <section className={staff.section} aria-labelledby="ticket-details-title">
        <h2 id="ticket-details-title" className={staff.sectionTitle}>
          {t('ticket.details')}
        </h2>
        <dl className={staff.details}>
          <dt>{t('ticket.status')}</dt>
          <dd>
            <strong>{statusText(ticket.status)}</strong>
            {ticket.closedAt ? ` ${t('ticket.since', { when: whenText(ticket.closedAt) })}` : null}
          </dd>
          <dt>{t('ticket.name')}</dt>
          <dd>
            <AsWritten>{ticket.name}</AsWritten>
          </dd>
          <dt>{t('ticket.email')}</dt>
          <dd>
            <a href={`mailto:${ticket.email}?subject=${encodeURIComponent(ticket.reference)}`}>{ticket.email}</a>
          </dd>
          <dt>{t('ticket.phone')}</dt>
          <dd>
            {ticket.countryCode} {ticket.phone}
          </dd>
          <dt>{t('ticket.issueType')}</dt>
          <dd>{issueTypeText(ticket.issueType)}</dd>
          <dt>{t('ticket.raised')}</dt>
          <dd>{whenText(ticket.createdAt)}</dd>
          <dt>{t('ticket.account')}</dt>
          <dd>{t(ticket.hasAccount ? 'ticket.withAccount' : 'ticket.noAccount')}</dd>
          <dt>{t('ticket.language')}</dt>
          <dd>{t(ticket.language === 'ta' ? 'ticket.language.ta' : 'ticket.language.en')}</dd>
        </dl>
        <AssigneeForm key={ticket.assignee?.userId ?? ''} current={ticket.assignee} assignees={assignees} failure={assigneesFailure} busy={busy} onSave={(assignee) => void change({ kind: 'assign', assignee })} />
        <p className={staff.actions}>
          <button type="button" className={closed ? 'tca-button' : `${staff.secondary} ${staff.danger}`} aria-disabled={busy || undefined} onClick={() => !busy && void change({ kind: closed ? 'reopen' : 'close' })}>
            {closed ? t('ticket.reopen') : t('ticket.close')}
          </button>
        </p>
      </section>
      <section className={staff.section} aria-labelledby="conversation-title">
        <h2 id="conversation-title" className={staff.sectionTitle}>
          {t('ticket.conversation')}
        </h2>
        <ol className={styles.conversation}>
          {ticket.messages.map((message) => (
            <li key={message.id} className={`${styles.entry} ${message.kind === 'note' ? styles.entryNote : ''} ${message.kind === 'member_reply' || message.kind === 'submission' ? styles.entryMember : ''}`}>
              <p className={styles.entryHead}>
                <WithWritten text={authorText(message, ticket.name)} written={message.kind === 'submission' || message.kind === 'member_reply' ? ticket.name : ''} /> <span className={staff.since}>{whenText(message.createdAt)}</span>
              </p>
              <p className={styles.entryBody}>
                <AsWritten>{message.body}</AsWritten>
              </p>
            </li>
          ))}
        </ol>
      </section>
      <section className={staff.section} aria-labelledby="answer-title">
        <h2 id="answer-title" className={staff.sectionTitle}>
          {t('ticket.answer')}
        </h2>
        {closed ? (
          <p>{t('reply.closed')}</p>
        ) : (
          <MessageBox id="reply" label={t('reply.label')} hint={t('reply.hint')} button={t('reply.button')} busy={busy} onSend={(body) => change({ kind: 'reply', body })} />
        )}
        <MessageBox id="note" className={styles.noteBox} label={t('note.label')} hint={t('note.hint')} button={t('note.button')} busy={busy} onSend={(body) => change({ kind: 'note', body })} />
      </section>
    </TitledPage>
  );
}

interface AssigneeFormProps {
  current: StaffPerson | null;
  assignees: readonly Assignee[];
  /** Why the list of support staff is missing (the picker then offers the current assignee only). */
  failure?: string | undefined;
  busy: boolean;
  onSave: (assignee: StaffPerson | null) => void;
}

/** The assignee: nobody or one of the people who work the desk, by name (the current one listed even when not among them). */
function AssigneeForm({ current, assignees, failure, busy, onSave }: AssigneeFormProps) {
  const t = useT(supportCatalog);
  const [chosen, setChosen] = useState(current?.userId ?? '');
  const people: readonly Assignee[] = current && !assignees.some((person) => person.userId === current.userId) ? [current, ...assignees] : assignees;
  const chosenPerson = people.find((person) => person.userId === chosen);
  return (
    <form
      noValidate
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        // The request names the person by id and e-mail only (the name is for the picker).
        if (!busy) onSave(chosenPerson ? { userId: chosenPerson.userId, email: chosenPerson.email } : null);
      }}
    >
      <Field label={t('assign.label')} errorLines={1} {...(failure !== undefined ? { hint: failure } : {})}>
        {(control) => (
          <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('assign.nobody')}</option>
            {people.map((person) => (
              <option key={person.userId} value={person.userId}>
                {assigneeText(person)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className={staff.actions}>
        <button type="submit" className={staff.secondary} aria-disabled={busy || undefined}>
          {t('assign.button')}
        </button>
      </p>
    </form>
  );
}
