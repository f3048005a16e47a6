import { useState } from 'react';
import type { StaffInvitation } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { withdrawInvitation } from '../api/withdraw-invitation.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { formatWhen } from '../invite-rules.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { peopleCatalog } from '../messages.js';
import { RoleList } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

/** One pending invitation: the address, its roles, who sent it and until when it works; withdraw. */
export function InvitationRow({ invitation, onChanged }: { invitation: StaffInvitation; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const t = useT(peopleCatalog);
  const email = invitation.email;

  const withdraw = async () => {
    const outcome = await run((token) => withdrawInvitation(token, invitation.id));
    setConfirming(false);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(t('invitation.withdrawn', { email }));
    onChanged();
  };

  return (
    <li className={styles.row}>
      <div>
        <p className={styles.name}>{invitation.email}</p>
        <p className={styles.email}>{t('invitation.by', { email: invitation.invitedBy })}</p>
      </div>
      <div>
        <span className={styles.label}>{t('row.roles')}</span>
        <RoleList roles={invitation.roles} label={{ 'aria-label': t('invitation.rolesOf', { email }) }} />
      </div>
      <div>
        <span className={styles.label}>{t('invitation.until')}</span>
        {formatWhen(invitation.expiresAt)}
      </div>
      <div className={styles.rowActions}>
        <button type="button" className={`${styles.secondary} ${styles.danger}`} aria-label={t('invitation.withdrawOf', { email })} onClick={() => setConfirming(true)}>
          {t('invitation.withdraw')}
        </button>
      </div>
      {failure ? (
        <div className={styles.editor}>
          <Banner tone="error" title={failure} />
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('withdraw.title', { email })}
          written={email}
          description={t('withdraw.text')}
          confirmLabel={t('withdraw.confirm')}
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
