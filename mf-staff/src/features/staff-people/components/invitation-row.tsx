import { useState } from 'react';
import type { StaffInvitation } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { withdrawInvitation } from '../api/withdraw-invitation.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { formatWhen } from '../invite-rules.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { RoleList } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

/** One pending invitation: the address, its roles, who sent it and until when it works; withdraw. */
export function InvitationRow({ invitation, onChanged }: { invitation: StaffInvitation; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();

  const withdraw = async () => {
    const outcome = await run((token) => withdrawInvitation(token, invitation.id));
    setConfirming(false);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(`The invitation to ${invitation.email} is withdrawn.`);
    onChanged();
  };

  return (
    <li className={styles.row}>
      <div>
        <p className={styles.name}>{invitation.email}</p>
        <p className={styles.email}>Invited by {invitation.invitedBy}</p>
      </div>
      <div>
        <span className={styles.label}>Roles</span>
        <RoleList roles={invitation.roles} label={`Roles offered to ${invitation.email}`} />
      </div>
      <div>
        <span className={styles.label}>Link works until</span>
        {formatWhen(invitation.expiresAt)}
      </div>
      <div className={styles.rowActions}>
        <button type="button" className={`${styles.secondary} ${styles.danger}`} aria-label={`Withdraw the invitation to ${invitation.email}`} onClick={() => setConfirming(true)}>
          Withdraw
        </button>
      </div>
      {failure ? (
        <div className={styles.editor}>
          <Banner tone="error" title={failure} />
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Withdraw the invitation to ${invitation.email}?`}
          description="The link in the e-mail stops working. You can invite the address again later."
          confirmLabel="Withdraw invitation"
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
