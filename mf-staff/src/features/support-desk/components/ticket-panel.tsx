import { useState } from 'react';
import { paths, type Assignee, type StaffPerson, type StaffTicket } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { Link } from '@tca/ui/router';
import { StaffRecordLoader } from '../../../shared/staff-record-loader.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { changeTicket, type TicketChange } from '../api/change-ticket.js';
import { getTicket } from '../api/get-ticket.js';
import { listAssignees } from '../api/list-assignees.js';
import { ageText, assigneeText, authorText, issueTypeText, statusText, SUPPORT_TEXTS, whenText } from '../support-desk.js';
import { MessageBox } from './message-box.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/support/:reference: loads the ticket, then shows it (a failed load says why and offers Try again). */
export function TicketLoader({ reference }: { reference: string }) {
  return (
    <StaffRecordLoader
      load={getTicket}
      recordKey={reference}
      answerName="a ticket"
      title={`Ticket ${reference}`}
      loadingLabel={`Loading ticket ${reference}...`}
      failedTitle="The ticket could not be loaded."
      back={{ to: paths.staffSupport, text: SUPPORT_TEXTS.backToTickets }}
    >
      {(answer) => <TicketPanel initial={answer.ticket} />}
    </StaffRecordLoader>
  );
}

/** The ticket: who raised it, the conversation (notes too), reply, note, assignee, close or reopen. */
export function TicketPanel({ initial, assignees: givenAssignees }: { initial: StaffTicket; assignees?: readonly Assignee[] }) {
  const [ticket, setTicket] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const { load: people } = useStaffLoad(listAssignees, 'a list of staff');
  const assignees = givenAssignees ?? (people.kind === 'ready' ? people.answer.assignees : []);
  const assigneesFailure = givenAssignees === undefined && people.kind === 'failed' ? `${SUPPORT_TEXTS.assigneesFailed} ${people.detail}` : undefined;

  const change = async (what: TicketChange): Promise<boolean> => {
    const outcome = await run((token) => changeTicket(token, ticket.reference, what));
    if (outcome.ok && outcome.answer) {
      setTicket(outcome.answer.ticket);
      setFailure(null);
      notify.success(outcome.answer.message ?? 'Saved.');
      return true;
    }
    const text = outcome.ok ? 'The server sent an answer this page does not understand. Reload the page.' : outcome.text;
    setFailure(text);
    notify.error(text);
    return false;
  };

  const closed = ticket.status === 'closed';
  return (
    <Page title={`Ticket ${ticket.reference}`} lead={`${issueTypeText(ticket.issueType)} from ${ticket.name}, raised ${ageText(ticket.createdAt)}.`}>
      <p className={staff.actions}>
        <Link to={paths.staffSupport} className={staff.secondary}>
          {SUPPORT_TEXTS.backToTickets}
        </Link>
      </p>
      {failure ? <Banner tone="error" title={failure} /> : null}
      <section className={staff.section} aria-labelledby="ticket-details-title">
        <h2 id="ticket-details-title" className={staff.sectionTitle}>
          Details
        </h2>
        <dl className={staff.details}>
          <dt>Status</dt>
          <dd>
            <strong>{statusText(ticket.status)}</strong>
            {ticket.closedAt ? ` since ${whenText(ticket.closedAt)}` : null}
          </dd>
          <dt>Name</dt>
          <dd>{ticket.name}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${ticket.email}?subject=${encodeURIComponent(ticket.reference)}`}>{ticket.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>
            {ticket.countryCode} {ticket.phone}
          </dd>
          <dt>Issue type</dt>
          <dd>{issueTypeText(ticket.issueType)}</dd>
          <dt>Raised</dt>
          <dd>{whenText(ticket.createdAt)}</dd>
          <dt>Account</dt>
          <dd>{ticket.hasAccount ? SUPPORT_TEXTS.withAccount : SUPPORT_TEXTS.noAccount}</dd>
        </dl>
        <AssigneeForm key={ticket.assignee?.userId ?? ''} current={ticket.assignee} assignees={assignees} failure={assigneesFailure} busy={busy} onSave={(assignee) => void change({ kind: 'assign', assignee })} />
        <p className={staff.actions}>
          <button type="button" className={closed ? 'tca-button' : `${staff.secondary} ${staff.danger}`} aria-disabled={busy || undefined} onClick={() => !busy && void change({ kind: closed ? 'reopen' : 'close' })}>
            {closed ? SUPPORT_TEXTS.reopen : SUPPORT_TEXTS.close}
          </button>
        </p>
      </section>
      <section className={staff.section} aria-labelledby="conversation-title">
        <h2 id="conversation-title" className={staff.sectionTitle}>
          Conversation
        </h2>
        <ol className={styles.conversation}>
          {ticket.messages.map((message) => (
            <li key={message.id} className={`${styles.entry} ${message.kind === 'note' ? styles.entryNote : ''} ${message.kind === 'member_reply' || message.kind === 'submission' ? styles.entryMember : ''}`}>
              <p className={styles.entryHead}>
                {authorText(message, ticket.name)} <span className={staff.since}>{whenText(message.createdAt)}</span>
              </p>
              <p className={styles.entryBody}>{message.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={staff.section} aria-labelledby="answer-title">
        <h2 id="answer-title" className={staff.sectionTitle}>
          Answer
        </h2>
        {closed ? <p>{SUPPORT_TEXTS.closedNoReply}</p> : <MessageBox id="reply" label={SUPPORT_TEXTS.replyLabel} hint={SUPPORT_TEXTS.replyHint} button={SUPPORT_TEXTS.replyButton} busy={busy} onSend={(body) => change({ kind: 'reply', body })} />}
        <MessageBox id="note" className={styles.noteBox} label={SUPPORT_TEXTS.noteLabel} hint={SUPPORT_TEXTS.noteHint} button={SUPPORT_TEXTS.noteButton} busy={busy} onSend={(body) => change({ kind: 'note', body })} />
      </section>
    </Page>
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
      <Field label={SUPPORT_TEXTS.assignLabel} errorLines={1} {...(failure !== undefined ? { hint: failure } : {})}>
        {(control) => (
          <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{SUPPORT_TEXTS.nobody}</option>
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
          {SUPPORT_TEXTS.assignButton}
        </button>
      </p>
    </form>
  );
}
