import { useState } from 'react';
import type { MembershipRequest, MembershipRequestsAnswer } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { knownText } from '../../../shared/known-text.js';
import { ChoiceSelect } from '../../../shared/choice-select.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { PagedTableSection } from '../../../shared/paged-table.js';
import { StaffLoadView, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
import { approveMembership, rejectMembership } from '../api/decide-membership.js';
import { listMembershipRequests } from '../api/list-membership-requests.js';
import { FIRST_PAGE, isStatusChoice, pageCount, pendingText, rangeText, requestStatusChoices, type RequestsFilter } from '../membership-requests.js';
import { membersCatalog, membershipStatusText } from '../messages.js';
import { RejectDialog } from './reject-dialog.js';
import { RequestRow } from './request-row.js';
import styles from '../members.module.css';
import staff from '../../../shared/staff.module.css';

type Deciding = { kind: 'approve' | 'reject'; request: MembershipRequest } | null;

/**
 * The members desk's "Requests to decide" (/staff/members?view=requests) for a membership officer or owner: the membership requests (Pending first), a status
 * filter and pages; Approve (after a confirmation) and Reject (with the reason the member is e-mailed).
 * A request someone else decided meanwhile: the server's 409 message, and the list is read again.
 */
export function RequestsPanel() {
  const t = useT(membersCatalog);
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
      notify.success(`${request.requestId}: ${outcome.answer?.message ? knownText(outcome.answer.message, membersCatalog) : t('requests.decided')}`);
      reload();
      return;
    }
    const text = knownText(outcome.text, membersCatalog);
    if (kind === 'reject' && outcome.status !== 409) {
      // A refused reason (or no answer): the dialog stays open with the message, to correct or send again.
      setFailure(text);
      return;
    }
    setDeciding(null);
    setFailure(text);
    notify.error(text);
    reload();
  };

  return (
    <>
      <p>{t('requests.lead')}</p>
      <section className={staff.section} aria-labelledby="requests-filter-title">
        <h2 id="requests-filter-title" className={staff.sectionTitle}>
          {t('requests.show')}
        </h2>
        <div className={styles.filter}>
          <ChoiceSelect label={t('col.status')} value={filter.status} choices={requestStatusChoices(t)} isChoice={isStatusChoice} onChoose={(status) => setFilter({ status, page: 1 })} />
        </div>
      </section>
      {failure && deciding === null ? <Banner tone="error" title={failure} /> : null}
      <StaffLoadView load={load} loadingLabel={t('requests.loading')} failedTitle={t('requests.failed')} onRetry={reload}>
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
          title={t('approve.title', { id: deciding.request.requestId })}
          written={deciding.request.requestId}
          description={t('approve.description', { name: deciding.request.name, level: deciding.request.membershipName, email: deciding.request.email })}
          confirmLabel={t('approve.confirm')}
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
  const t = useT(membersCatalog);
  const pages = pageCount(answer);
  const status = filter.status ? membershipStatusText(filter.status) : '';
  const what = status ? t('requests.titleOf', { status }) : t('requests.titleAll');
  return (
    <PagedTableSection
      id="requests-title"
      title={what}
      status={pendingText(answer.pending)}
      rowCount={answer.memberships.length}
      empty={<p>{status ? t('requests.noneOf', { status }) : t('requests.noneYet')}</p>}
      caption={rangeText(answer)}
      columns={[t('col.request'), t('col.member'), t('col.level'), t('col.status'), t('col.requested'), t('col.decision')]}
      tableClassName={styles.table}
      page={answer.page}
      pages={pages}
      pagerLabel={t('requests.pages')}
      onPage={onPage}
    >
      {answer.memberships.map((request) => (
        <RequestRow key={request.requestId} request={request} onApprove={onApprove} onReject={onReject} />
      ))}
    </PagedTableSection>
  );
}
