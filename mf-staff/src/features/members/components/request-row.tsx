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
  const written = asWritten(useShownLang());
  const pending = request.status === 'Pending';
  const who = `${request.requestId} (${request.name})`;
  return (
    <tr>
      <th scope="row">
        <span className={styles.cellLabel}>{t('col.request')}</span>
        <span className={styles.requestId} lang={written}>
          {request.requestId}
        </span>
      </th>
      <td>
        <span className={styles.cellLabel}>{t('col.member')}</span>
        <AsWritten>{request.name}</AsWritten>
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
            <button type="button" className="tca-button" aria-label={t('requests.approveWho', { who })} onClick={() => onApprove(request)}>
              {t('requests.approve')}
            </button>
            <button type="button" className={`${staff.secondary} ${staff.danger}`} aria-label={t('requests.rejectWho', { who })} onClick={() => onReject(request)}>
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
