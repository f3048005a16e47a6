import { useState } from 'react';
import type { MembershipRequest, MembershipRequestsAnswer } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { PagedTableSection } from '../../../shared/paged-table.js';
import { StaffLoadView, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
import { approveMembership, rejectMembership } from '../api/decide-membership.js';
import { listMembershipRequests } from '../api/list-membership-requests.js';
import { FIRST_PAGE, isStatusChoice, pageCount, pendingText, rangeText, STATUS_CHOICES, type RequestsFilter } from '../membership-requests.js';
import { RejectDialog } from './reject-dialog.js';
import { RequestRow } from './request-row.js';
import styles from '../members.module.css';
import staff from '../../../shared/staff.module.css';

const REQUEST_COLUMNS = ['Request', 'Member', 'Level', 'Status', 'Requested', 'Decision'] as const;

type Deciding = { kind: 'approve' | 'reject'; request: MembershipRequest } | null;

export const REQUESTS_LEAD = 'Approve or reject the membership requests members send with their payment. The member is e-mailed each decision.';

/**
 * The members desk's "Requests to decide" (/staff/members?view=requests) for a membership officer or owner: the membership requests (Pending first), a status
 * filter and pages; Approve (after a confirmation) and Reject (with the reason the member is e-mailed).
 * A request someone else decided meanwhile: the server's 409 message, and the list is read again.
 */
export function RequestsPanel() {
  const [filter, setFilter] = useState<RequestsFilter>(FIRST_PAGE);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const { load, reload } = useStaffLoadOf(listMembershipRequests, filter, 'a list of membership requests');

  const decide = async (kind: 'approve' | 'reject', request: MembershipRequest, reason = '') => {
    const outcome = await run((token) => (kind === 'approve' ? approveMembership(token, request.requestId) : rejectMembership(token, request.requestId, reason)));
    if (outcome.ok) {
      setDeciding(null);
      setFailure(null);
      notify.success(`${request.requestId}: ${outcome.answer?.message ?? 'Decided.'}`);
      reload();
      return;
    }
    if (kind === 'reject' && outcome.status !== 409) {
      // A refused reason (or no answer): the dialog stays open with the message, to correct or send again.
      setFailure(outcome.text);
      return;
    }
    setDeciding(null);
    setFailure(outcome.text);
    notify.error(outcome.text);
    reload();
  };

  return (
    <>
      <p>{REQUESTS_LEAD}</p>
      <section className={staff.section} aria-labelledby="requests-filter-title">
        <h2 id="requests-filter-title" className={staff.sectionTitle}>
          Show requests
        </h2>
        <div className={styles.filter}>
          <ChoiceSelect label="Status" value={filter.status} choices={STATUS_CHOICES} isChoice={isStatusChoice} onChoose={(status) => setFilter({ status, page: 1 })} />
        </div>
      </section>
      {failure && deciding === null ? <Banner tone="error" title={failure} /> : null}
      <StaffLoadView load={load} loadingLabel="Loading the membership requests..." failedTitle="The membership requests could not be loaded." onRetry={reload}>
        {(answer) => (
          <RequestsTable
            answer={answer}
            filter={filter}
            onPage={(page) => setFilter({ ...filter, page })}
            onApprove={(request) => {
              setFailure(null);
              setDeciding({ kind: 'approve', request });
            }}
            onReject={(request) => {
              setFailure(null);
              setDeciding({ kind: 'reject', request });
            }}
          />
        )}
      </StaffLoadView>
      {deciding?.kind === 'approve' ? (
        <ConfirmDialog
          title={`Approve ${deciding.request.requestId}?`}
          description={`${deciding.request.name}'s ${deciding.request.membershipName} membership becomes Active, and ${deciding.request.email} is e-mailed that it was approved.`}
          confirmLabel="Approve request"
          busy={busy}
          onConfirm={() => void decide('approve', deciding.request)}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
      {deciding?.kind === 'reject' ? (
        <RejectDialog
          request={deciding.request}
          busy={busy}
          failure={failure}
          onReject={(reason) => void decide('reject', deciding.request, reason)}
          onCancel={() => {
            setFailure(null);
            setDeciding(null);
          }}
        />
      ) : null}
    </>
  );
}

interface RequestsTableProps {
  answer: MembershipRequestsAnswer;
  filter: RequestsFilter;
  onPage: (page: number) => void;
  onApprove: (request: MembershipRequest) => void;
  onReject: (request: MembershipRequest) => void;
}

/** The page of requests with its headline and pager. */
export function RequestsTable({ answer, filter, onPage, onApprove, onReject }: RequestsTableProps) {
  const pages = pageCount(answer);
  const what = filter.status ? `${filter.status} requests` : 'Requests, Pending first';
  return (
    <PagedTableSection
      id="requests-title"
      title={what}
      status={pendingText(answer.pending)}
      rowCount={answer.memberships.length}
      empty={<p>{filter.status ? `There are no ${filter.status} requests.` : 'There are no membership requests yet.'}</p>}
      caption={rangeText(answer)}
      columns={REQUEST_COLUMNS}
      tableClassName={styles.table}
      page={answer.page}
      pages={pages}
      pagerLabel="Pages of requests"
      onPage={onPage}
    >
      {answer.memberships.map((request) => (
        <RequestRow key={request.requestId} request={request} onApprove={onApprove} onReject={onReject} />
      ))}
    </PagedTableSection>
  );
}
