import { useCallback, useState } from 'react';
import { paths, staffTicketPath, type TicketListAnswer } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listTickets } from '../api/list-tickets.js';
import { AsWritten } from '../../../shared/as-written.js';
import { supportCatalog } from '../messages.js';
import { ageText, deskRangeText, FIRST_TICKETS, isIssueTypeChoice, isOrderChoice, issueTypeChoices, issueTypeText, orderChoices, pageCount, STATUS_TABS, statusText, tabText, type TicketsFilter } from '../support-desk.js';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { Pager } from '../../../shared/pager.js';
import { DeskLinks, DeskLoad } from './desk-parts.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

/** /staff/support (support or owner): the tickets by status tab, issue type and order, a page at a time. */
export function TicketsPanel() {
  const t = useT(supportCatalog);
  const [filter, setFilter] = useState<TicketsFilter>(FIRST_TICKETS);
  const call = useCallback((token: string, signal: AbortSignal) => listTickets(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a ticket list');
  return (
    <Page title={t('tickets.title')} lead={t('tickets.lead')}>
      <DeskLinks to={paths.staffContact} label={t('contact.title')} />
      <section className={staff.section} aria-labelledby="tickets-filter-title">
        <h2 id="tickets-filter-title" className={staff.sectionTitle}>
          {t('tickets.show')}
        </h2>
        <ul className={staff.tabs} aria-label={t('tickets.status')}>
          {STATUS_TABS.map((tab) => (
            <li key={tab.value}>
              <button
                type="button"
                className={`${staff.secondary} ${staff.tab}`}
                aria-pressed={filter.status === tab.value}
                onClick={() => setFilter({ ...filter, status: tab.value, page: 1 })}
              >
                {load.kind === 'ready' ? tabText(tab.value, load.answer.counts) : t(tab.label)}
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.filters}>
          <ChoiceSelect label={t('tickets.issueType')} value={filter.issueType} choices={issueTypeChoices(t)} isChoice={isIssueTypeChoice} onChoose={(issueType) => setFilter({ ...filter, issueType, page: 1 })} />
          <ChoiceSelect label={t('tickets.order')} value={filter.order} choices={orderChoices(t)} isChoice={isOrderChoice} onChoose={(order) => setFilter({ ...filter, order, page: 1 })} />
        </div>
      </section>
      <DeskLoad load={load} reload={reload} loading={t('tickets.loading')} failed={t('tickets.failed')}>
        {(answer) => <TicketRows answer={answer} onPage={(page) => setFilter({ ...filter, page })} />}
      </DeskLoad>
    </Page>
  );
}

/** A page of tickets as rows (one column on a phone): reference and submitter, issue and age, status, assignee. */
export function TicketRows({ answer, onPage, now }: { answer: TicketListAnswer; onPage: (page: number) => void; now?: Date }) {
  const t = useT(supportCatalog);
  return (
    <>
      <p role="status">{deskRangeText(answer, answer.tickets.length, 'tickets')}</p>
      <StaffRows items={answer.tickets} texts={{ empty: t('tickets.empty'), count: (n) => t('tickets.count', { n }) }} titleId="tickets-title" keyOf={(ticket) => ticket.reference}>
        {(ticket) => (
          <>
            <div>
              <p className={styles.reference}>
                <Link to={staffTicketPath(ticket.reference)}>
                  <AsWritten>{ticket.reference}</AsWritten>
                </Link>
              </p>
              <span className={staff.since}>
                <AsWritten>{ticket.name}</AsWritten> ({ticket.email})
              </span>
            </div>
            <LabelledCell label={t('tickets.issueAge')}>
              <span>{t('tickets.raised', { issue: issueTypeText(ticket.issueType), age: ageText(ticket.createdAt, now) })}</span>
              <span className={staff.since}>{t('tickets.activity', { age: ageText(ticket.lastActivityAt, now) })}</span>
            </LabelledCell>
            <LabelledCell label={t('tickets.status')}>
              <span className={ticket.status === 'open' ? staff.warn : staff.badge}>{statusText(ticket.status)}</span>
            </LabelledCell>
            <LabelledCell label={t('tickets.assigned')}>
              <span>{ticket.assignee?.email ?? t('assign.nobody')}</span>
            </LabelledCell>
          </>
        )}
      </StaffRows>
      <Pager page={answer.page} pages={pageCount(answer)} label={t('tickets.pages')} onPage={onPage} />
    </>
  );
}
