import { useCallback, useState } from 'react';
import { paths, staffTicketPath, type TicketListAnswer } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listTickets } from '../api/list-tickets.js';
import {
  ageText,
  FIRST_TICKETS,
  isIssueTypeChoice,
  isOrderChoice,
  ISSUE_TYPE_CHOICES,
  issueTypeText,
  ORDER_CHOICES,
  pageCount,
  rangeText,
  STATUS_TABS,
  statusText,
  SUPPORT_TEXTS,
  tabText,
  type TicketsFilter,
} from '../support-desk.js';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { Pager } from '../../../shared/pager.js';
import { DeskLinks, DeskLoad } from './desk-parts.js';
import styles from '../support-desk.module.css';
import staff from '../../../shared/staff.module.css';

const nouns = { one: 'ticket', many: 'tickets' };

/** /staff/support (support or owner): the tickets by status tab, issue type and order, a page at a time. */
export function TicketsPanel() {
  const [filter, setFilter] = useState<TicketsFilter>(FIRST_TICKETS);
  const call = useCallback((token: string, signal: AbortSignal) => listTickets(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a ticket list');
  return (
    <Page title={SUPPORT_TEXTS.ticketsTitle} lead={SUPPORT_TEXTS.ticketsLead}>
      <DeskLinks to={paths.staffContact} label="Contact messages" />
      <section className={staff.section} aria-labelledby="tickets-filter-title">
        <h2 id="tickets-filter-title" className={staff.sectionTitle}>
          Show tickets
        </h2>
        <ul className={staff.tabs} aria-label="Status">
          {STATUS_TABS.map((tab) => (
            <li key={tab.value}>
              <button
                type="button"
                className={`${staff.secondary} ${staff.tab}`}
                aria-pressed={filter.status === tab.value}
                onClick={() => setFilter({ ...filter, status: tab.value, page: 1 })}
              >
                {load.kind === 'ready' ? tabText(tab.value, load.answer.counts) : tab.label}
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.filters}>
          <ChoiceSelect label="Issue type" value={filter.issueType} choices={ISSUE_TYPE_CHOICES} isChoice={isIssueTypeChoice} onChoose={(issueType) => setFilter({ ...filter, issueType, page: 1 })} />
          <ChoiceSelect label="Order" value={filter.order} choices={ORDER_CHOICES} isChoice={isOrderChoice} onChoose={(order) => setFilter({ ...filter, order, page: 1 })} />
        </div>
      </section>
      <DeskLoad load={load} reload={reload} many="tickets">
        {(answer) => <TicketRows answer={answer} onPage={(page) => setFilter({ ...filter, page })} />}
      </DeskLoad>
    </Page>
  );
}

/** A page of tickets as rows (one column on a phone): reference and submitter, issue and age, status, assignee. */
export function TicketRows({ answer, onPage, now }: { answer: TicketListAnswer; onPage: (page: number) => void; now?: Date }) {
  return (
    <>
      <p role="status">{rangeText(answer, answer.tickets.length, 'Tickets')}</p>
      <StaffRows items={answer.tickets} nouns={nouns} firstHint="Tickets raised on the website appear here." keyOf={(ticket) => ticket.reference}>
        {(ticket) => (
          <>
            <div>
              <p className={styles.reference}>
                <Link to={staffTicketPath(ticket.reference)}>{ticket.reference}</Link>
              </p>
              <span className={staff.since}>
                {ticket.name} ({ticket.email})
              </span>
            </div>
            <LabelledCell label="Issue and age">
              <span>
                {issueTypeText(ticket.issueType)}, raised {ageText(ticket.createdAt, now)}
              </span>
              <span className={staff.since}>Last activity {ageText(ticket.lastActivityAt, now)}</span>
            </LabelledCell>
            <LabelledCell label="Status">
              <span className={ticket.status === 'open' ? staff.warn : staff.badge}>{statusText(ticket.status)}</span>
            </LabelledCell>
            <LabelledCell label="Assigned to">
              <span>{ticket.assignee?.email ?? SUPPORT_TEXTS.nobody}</span>
            </LabelledCell>
          </>
        )}
      </StaffRows>
      <Pager page={answer.page} pages={pageCount(answer)} label="Pages of tickets" onPage={onPage} />
    </>
  );
}
