import type { MembershipRequest } from '@tca/contracts';
import { levelText, requestedText } from '../membership-requests.js';
import styles from '../members.module.css';
import staff from '../../../shared/staff.module.css';

interface RequestRowProps {
  request: MembershipRequest;
  onApprove: (request: MembershipRequest) => void;
  onReject: (request: MembershipRequest) => void;
}

/** One request: a table row from 760 px, a labelled block on a phone. Pending ones have Approve and Reject. */
export function RequestRow({ request, onApprove, onReject }: RequestRowProps) {
  const pending = request.status === 'Pending';
  const who = `${request.requestId} (${request.name})`;
  return (
    <tr>
      <th scope="row">
        <span className={styles.cellLabel}>Request</span>
        <span className={styles.requestId}>{request.requestId}</span>
      </th>
      <td>
        <span className={styles.cellLabel}>Member</span>
        {request.name}
        <span className={styles.email}>{request.email}</span>
      </td>
      <td>
        <span className={styles.cellLabel}>Level</span>
        {levelText(request)}
      </td>
      <td>
        <span className={styles.cellLabel}>Status</span>
        <span className={pending ? styles.pending : styles.nowrap}>{request.status}</span>
      </td>
      <td>
        <span className={styles.cellLabel}>Requested</span>
        <time dateTime={request.createdAt}>{requestedText(request.createdAt)}</time>
      </td>
      <td>
        <span className={styles.cellLabel}>Decision</span>
        {pending ? (
          <span className={styles.decision}>
            <button type="button" className="tca-button" aria-label={`Approve ${who}`} onClick={() => onApprove(request)}>
              Approve
            </button>
            <button type="button" className={`${staff.secondary} ${staff.danger}`} aria-label={`Reject ${who}`} onClick={() => onReject(request)}>
              Reject
            </button>
          </span>
        ) : (
          <span className={styles.muted}>Nothing to decide</span>
        )}
      </td>
    </tr>
  );
}
