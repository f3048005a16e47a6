import { paths, type MemberRow } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { periodText } from '../members-desk.js';
import requests from '../members.module.css';
import { AsWritten } from '../../../shared/as-written.js';
import { asWritten, membersCatalog, membershipStatusText, useShownLang } from '../messages.js';

/** The member's page of a row's member. */
export function memberPath(userId: string): string {
  return paths.staffMember.replace(':userId', encodeURIComponent(userId));
}

/** One membership: a table row from 760 px, a labelled block on a phone (the requests table's layout). */
export function MemberRowView({ row }: { row: MemberRow }) {
  const t = useT(membersCatalog);
  const written = asWritten(useShownLang());
  return (
    <tr>
      <th scope="row">
        <span className={requests.cellLabel}>{t('col.member')}</span>
        <Link to={memberPath(row.userId)} lang={written}>
          {row.name}
        </Link>
        <span className={requests.email} lang={written}>
          {row.email}
        </span>
      </th>
      <td>
        <span className={requests.cellLabel}>{t('col.level')}</span>
        <AsWritten>{row.level}</AsWritten>
      </td>
      <td>
        <span className={requests.cellLabel}>{t('col.status')}</span>
        <span className={row.status === 'Pending' ? requests.pending : requests.nowrap}>{membershipStatusText(row.status)}</span>
      </td>
      <td>
        <span className={requests.cellLabel}>{t('col.period')}</span>
        {periodText(row)}
      </td>
      <td>
        <span className={requests.cellLabel}>{t('col.request')}</span>
        <span className={requests.nowrap} lang={written}>
          {row.requestId}
        </span>
      </td>
    </tr>
  );
}
