import { useCallback, useState } from 'react';
import { paths, type ContactInboxAnswer, type ContactInboxMessage } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listContactMessages, markContactMessage } from '../api/contact-inbox.js';
import { FIRST_INBOX, HANDLED_CHOICES, isHandledChoice, pageCount, rangeText, SUPPORT_TEXTS, unhandledText, whenText, type InboxFilter } from '../support-desk.js';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { Pager } from '../../../shared/pager.js';
import { DeskLinks, DeskLoad } from './desk-parts.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/contact (support or owner): the contact form's messages, not handled first; mark handled or not. */
export function ContactPanel() {
  const [filter, setFilter] = useState<InboxFilter>(FIRST_INBOX);
  const call = useCallback((token: string, signal: AbortSignal) => listContactMessages(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a list of contact messages');
  const { busy, run } = useStaffAction();

  const mark = async (message: ContactInboxMessage, handled: boolean) => {
    const outcome = await run((token) => markContactMessage(token, message.id, handled));
    if (outcome.ok) notify.success(handled ? `"${message.subject}" is marked handled.` : `"${message.subject}" is marked not handled.`);
    else notify.error(outcome.text);
    reload();
  };

  return (
    <Page title={SUPPORT_TEXTS.contactTitle} lead={SUPPORT_TEXTS.contactLead}>
      <DeskLinks to={paths.staffSupport} label="Support tickets" />
      <section className={staff.section} aria-labelledby="inbox-filter-title">
        <h2 id="inbox-filter-title" className={staff.sectionTitle}>
          Show messages
        </h2>
        <div className={styles.filters}>
          <ChoiceSelect label="Messages" value={filter.handled} choices={HANDLED_CHOICES} isChoice={isHandledChoice} onChoose={(handled) => setFilter({ handled, page: 1 })} />
        </div>
      </section>
      <DeskLoad load={load} reload={reload} many="messages">
        {(answer) => <InboxList answer={answer} busy={busy} onMark={(message, handled) => void mark(message, handled)} onPage={(page) => setFilter({ ...filter, page })} />}
      </DeskLoad>
    </Page>
  );
}

interface InboxListProps {
  answer: ContactInboxAnswer;
  busy: boolean;
  onMark: (message: ContactInboxMessage, handled: boolean) => void;
  onPage: (page: number) => void;
}

/** The messages, each with its sender, text, and who handled it (or Mark handled). */
export function InboxList({ answer, busy, onMark, onPage }: InboxListProps) {
  return (
    <section className={staff.section} aria-labelledby="inbox-title">
      <h2 id="inbox-title" className={staff.sectionTitle}>
        {unhandledText(answer.unhandled)}
      </h2>
      <p role="status">{rangeText(answer, answer.messages.length, 'Messages')}</p>
      <ul className={staff.rows}>
        {answer.messages.map((message) => (
          <li key={message.id} className={staff.jobRow}>
            <article aria-labelledby={`message-${message.id}-subject`}>
              <h3 id={`message-${message.id}-subject`} className={staff.name}>
                {message.subject}
              </h3>
              <p className={staff.email}>
                {message.name}, <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>{message.email}</a>
                {message.phone ? `, ${message.phone}` : ''} — {whenText(message.createdAt)}
              </p>
              <p className={styles.message}>{message.message}</p>
              <p className={staff.actions}>
                {message.handledAt ? (
                  <>
                    <span className={staff.ok}>
                      Handled by {message.handledBy} on {whenText(message.handledAt)}
                    </span>
                    <button type="button" className={staff.secondary} aria-disabled={busy || undefined} aria-label={`Mark not handled: ${message.subject}`} onClick={() => !busy && onMark(message, false)}>
                      Mark not handled
                    </button>
                  </>
                ) : (
                  <button type="button" className="tca-button" aria-disabled={busy || undefined} aria-label={`Mark handled: ${message.subject}`} onClick={() => !busy && onMark(message, true)}>
                    Mark handled
                  </button>
                )}
              </p>
            </article>
          </li>
        ))}
      </ul>
      <Pager page={answer.page} pages={pageCount(answer)} label="Pages of messages" onPage={onPage} />
    </section>
  );
}
