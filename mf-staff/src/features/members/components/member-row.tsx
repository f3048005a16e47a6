import { paths, type MemberRow } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import { periodText } from '../members-desk.js';
import requests from '../members.module.css';

/** The member's page of a row's member. */
export function memberPath(userId: string): string {
  return paths.staffMember.replace(':userId', encodeURIComponent(userId));
}

/** One membership: a table row from 760 px, a labelled block on a phone (the requests table's layout). */
export function MemberRowView({ row }: { row: MemberRow }) {
  return (
    <tr>
      <th scope="row">
        <span className={requests.cellLabel}>Member</span>
        <Link to={memberPath(row.userId)}>{row.name}</Link>
        <span className={requests.email}>{row.email}</span>
      </th>
      <td>
        <span className={requests.cellLabel}>Level</span>
        {row.level}
      </td>
      <td>
        <span className={requests.cellLabel}>Status</span>
        <span className={row.status === 'Pending' ? requests.pending : requests.nowrap}>{row.status}</span>
      </td>
      <td>
        <span className={requests.cellLabel}>Period</span>
        {periodText(row)}
      </td>
      <td>
        <span className={requests.cellLabel}>Request</span>
        <span className={requests.nowrap}>{row.requestId}</span>
      </td>
    </tr>
  );
}
