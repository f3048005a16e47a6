import { useId } from 'react';
import type { MembershipRequest } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { asWritten, membersCatalog, membershipStatusText, useShownLang } from '../messages.js';
import { levelText, requestedText } from '../membership-requests.js';
import styles from '../members.module.css';
import { AsWritten, WithWritten } from '../../../shared/as-written.js';
import staff from '../../../shared/staff.module.css';

interface RequestRowProps {
  request: MembershipRequest;
  onApprove: (request: MembershipRequest) => void;
  onReject: (request: MembershipRequest) => void;
}

/** One request: a table row from 760 px, a labelled block on a phone. Pending ones have Approve and Reject. */
export function RequestRow({ request, onApprove, onReject }: RequestRowProps) {
  const t = useT(membersCatalog);
  const shown = useShownLang();
  const written = asWritten(shown);
  const pending = request.status === 'Pending';
  const who = `${request.requestId} (${request.name})`;
  const ids = useId();
  // The id and the member's name stay as written (English): on a page in another language each button is
  // named by the marked id and name and its own text, which an aria-label sentence cannot mark.
  const decisionName = (key: 'requests.approveWho' | 'requests.rejectWho', own: string) =>
    shown === 'en' ? { 'aria-label': t(key, { who }) } : { id: `${ids}-${own}`, 'aria-labelledby': `${ids}-id ${ids}-name ${ids}-${own}` };
  return (
    <tr>
      <th scope="row">
        <span className={styles.cellLabel}>{t('col.request')}</span>
        <span id={`${ids}-id`} className={styles.requestId} lang={written}>
          {request.requestId}
        </span>
      </th>
      <td>
        <span className={styles.cellLabel}>{t('col.member')}</span>
        <span id={`${ids}-name`}>
          <AsWritten>{request.name}</AsWritten>
        </span>
        <span className={styles.email} lang={written}>
          {request.email}
        </span>
      </td>
      <td>
        <span className={styles.cellLabel}>{t('col.level')}</span>
        <WithWritten text={levelText(request)} written={request.membershipName} />
      </td>
      <td>
        <span className={styles.cellLabel}>{t('col.status')}</span>
        <span className={pending ? styles.pending : styles.nowrap}>{membershipStatusText(request.status)}</span>
      </td>
      <td>
        <span className={styles.cellLabel}>{t('col.requested')}</span>
        <time dateTime={request.createdAt}>{requestedText(request.createdAt)}</time>
      </td>
      <td>
        <span className={styles.cellLabel}>{t('col.decision')}</span>
        {pending ? (
          <span className={styles.decision}>
            <button type="button" className="tca-button" {...decisionName('requests.approveWho', 'approve')} onClick={() => onApprove(request)}>
              {t('requests.approve')}
            </button>
            <button type="button" className={`${staff.secondary} ${staff.danger}`} {...decisionName('requests.rejectWho', 'reject')} onClick={() => onReject(request)}>
              {t('requests.reject')}
            </button>
          </span>
        ) : (
          <span className={styles.muted}>{t('requests.nothing')}</span>
        )}
      </td>
    </tr>
  );
}
