import { useCallback, useState } from 'react';
import type { MembershipRequest, MembershipRequestsAnswer } from '@tca/contracts';
import { notify, Spinner } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { approveMembership, rejectMembership } from '../api/decide-membership.js';
import { listMembershipRequests } from '../api/list-membership-requests.js';
import { FIRST_PAGE, isStatusChoice, pageCount, pendingText, rangeText, STATUS_CHOICES, type RequestsFilter } from '../membership-requests.js';
import { RejectDialog } from './reject-dialog.js';
import { Pager } from '../../../shared/pager.js';
import { RequestRow } from './request-row.js';
import styles from '../members.module.css';
import staff from '../../../shared/staff.module.css';

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
  const call = useCallback((token: string, signal: AbortSignal) => listMembershipRequests(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a list of membership requests');

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
      {load.kind === 'loading' ? <Spinner label="Loading the membership requests..." /> : null}
      {load.kind === 'failed' ? (
        <div role="alert" className={staff.section}>
          <p>
            <strong>The membership requests could not be loaded.</strong> {load.detail}
          </p>
          <p className={staff.actions}>
            <button type="button" className="tca-button" onClick={reload}>
              Try again
            </button>
          </p>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <RequestsTable
          answer={load.answer}
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
      ) : null}
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
    <section className={staff.section} aria-labelledby="requests-title">
      <h2 id="requests-title" className={staff.sectionTitle}>
        {what}
      </h2>
      <p role="status">{pendingText(answer.pending)}</p>
      {answer.memberships.length === 0 ? (
        <p>{filter.status ? `There are no ${filter.status} requests.` : 'There are no membership requests yet.'}</p>
      ) : (
        <table className={styles.table}>
          <caption>{rangeText(answer)}</caption>
          <thead>
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Member</th>
              <th scope="col">Level</th>
              <th scope="col">Status</th>
              <th scope="col">Requested</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {answer.memberships.map((request) => (
              <RequestRow key={request.requestId} request={request} onApprove={onApprove} onReject={onReject} />
            ))}
          </tbody>
        </table>
      )}
      <Pager page={answer.page} pages={pages} label="Pages of requests" onPage={onPage} />
    </section>
  );
}
