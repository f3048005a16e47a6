import { useCallback, useState } from 'react';
import { paths, type ContactInboxAnswer, type ContactInboxMessage } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { currentLang, useT } from '@tca/ui/i18n';
import { knownText } from '../../../shared/known-text.js';
import { AsWritten } from '../../../shared/as-written.js';
import { supportCatalog } from '../messages.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listContactMessages, markContactMessage } from '../api/contact-inbox.js';
import { deskRangeText, FIRST_INBOX, handledChoices, isHandledChoice, pageCount, unhandledText, whenText, type InboxFilter } from '../support-desk.js';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { Pager } from '../../../shared/pager.js';
import { DeskLinks, DeskLoad } from './desk-parts.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/contact (support or owner): the contact form's messages, not handled first; mark handled or not. */
export function ContactPanel() {
  const t = useT(supportCatalog);
  const [filter, setFilter] = useState<InboxFilter>(FIRST_INBOX);
  const call = useCallback((token: string, signal: AbortSignal) => listContactMessages(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a list of contact messages');
  const { busy, run } = useStaffAction();

  const mark = async (message: ContactInboxMessage, handled: boolean) => {
    const outcome = await run((token) => markContactMessage(token, message.id, handled));
    if (outcome.ok) notify.success(t(handled ? 'contact.markedHandled' : 'contact.markedOpen', { subject: message.subject }));
    else notify.error(knownText(outcome.text, supportCatalog));
    reload();
  };

  return (
    <Page title={t('contact.title')} lead={t('contact.lead')}>
      <DeskLinks to={paths.staffSupport} label={t('tickets.title')} />
      <section className={staff.section} aria-labelledby="inbox-filter-title">
        <h2 id="inbox-filter-title" className={staff.sectionTitle}>
          {t('contact.show')}
        </h2>
        <div className={styles.filters}>
          <ChoiceSelect label={t('contact.filter')} value={filter.handled} choices={handledChoices(t)} isChoice={isHandledChoice} onChoose={(handled) => setFilter({ handled, page: 1 })} />
        </div>
      </section>
      <DeskLoad load={load} reload={reload} loading={t('contact.loading')} failed={t('contact.failed')}>
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
  const t = useT(supportCatalog);
  // The subject is the sender's words (English as written): on a Tamil page the button is named by its
  // own text and the subject's heading (lang="en"), which an aria-label sentence cannot mark.
  const markName = (key: 'contact.markOpenOf' | 'contact.markHandledOf', message: ContactInboxMessage) =>
    currentLang() === 'en'
      ? { 'aria-label': t(key, { subject: message.subject }) }
      : { id: `mark-${message.id}`, 'aria-labelledby': `mark-${message.id} message-${message.id}-subject` };
  return (
    <section className={staff.section} aria-labelledby="inbox-title">
      <h2 id="inbox-title" className={staff.sectionTitle}>
        {unhandledText(answer.unhandled)}
      </h2>
      <p role="status">{deskRangeText(answer, answer.messages.length, 'contact')}</p>
      <ul className={staff.rows}>
        {answer.messages.map((message) => (
          <li key={message.id} className={staff.jobRow}>
            <article aria-labelledby={`message-${message.id}-subject`}>
              <h3 id={`message-${message.id}-subject`} className={staff.name}>
                <AsWritten>{message.subject}</AsWritten>
              </h3>
              <p className={staff.email}>
                <AsWritten>{message.name}</AsWritten>, <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>{message.email}</a>
                {message.phone ? `, ${message.phone}` : ''} — {whenText(message.createdAt)}
              </p>
              <p className={styles.message}>
                <AsWritten>{message.message}</AsWritten>
              </p>
              <p className={staff.actions}>
                {message.handledAt ? (
                  <>
                    <span className={staff.ok}>{t('contact.handledBy', { by: message.handledBy ?? '', when: whenText(message.handledAt) })}</span>
                    <button type="button" className={staff.secondary} aria-disabled={busy || undefined} {...markName('contact.markOpenOf', message)} onClick={() => !busy && onMark(message, false)}>
                      {t('contact.markOpen')}
                    </button>
                  </>
                ) : (
                  <button type="button" className="tca-button" aria-disabled={busy || undefined} {...markName('contact.markHandledOf', message)} onClick={() => !busy && onMark(message, true)}>
                    {t('contact.markHandled')}
                  </button>
                )}
              </p>
            </article>
          </li>
        ))}
      </ul>
      <Pager page={answer.page} pages={pageCount(answer)} label={t('contact.pages')} onPage={onPage} />
    </section>
  );
}
