import { useState } from 'react';
import type { StaffMember, StaffRole } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { removeFromStaff } from '../api/remove-from-staff.js';
import { resetAuthenticator } from '../api/reset-authenticator.js';
import { setStaffRoles } from '../api/set-staff-roles.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { formatWhen } from '../invite-rules.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { RoleChecks, RoleList } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

interface StaffMemberRowProps {
  member: StaffMember;
  isYou: boolean;
  onChanged: () => void;
}

/** One staff member: name and e-mail, roles, whether an authenticator app is set up; change roles, reset their app, remove. */
export function StaffMemberRow({ member, isYou, onChanged }: StaffMemberRowProps) {
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  /** Which confirmation dialog is open. */
  const [confirming, setConfirming] = useState<'remove' | 'reset' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const name = `${member.user.firstName} ${member.user.lastName}`;

  const save = async () => {
    if (roles.length === 0) {
      setFailure('Choose at least one role, or use Remove from staff.');
      return;
    }
    const outcome = await run((token) => setStaffRoles(token, member.user.id, roles));
    if (!outcome.ok) return setFailure(outcome.text);
    setFailure(null);
    setEditing(false);
    notify.success(`${name}'s roles are saved.`);
    onChanged();
  };

  const remove = async () => {
    const outcome = await run((token) => removeFromStaff(token, member.user.id));
    setConfirming(null);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(`${name} is no longer staff.`);
    onChanged();
  };

  const reset = async () => {
    const outcome = await run((token) => resetAuthenticator(token, member.user.id));
    setConfirming(null);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(`${name}'s authenticator app is reset: they set up a new one at their next login.`);
    onChanged();
  };

  return (
    <li className={styles.row}>
      <div>
        <p className={styles.name}>
          {name}
          {isYou ? ' (you)' : ''}
        </p>
        <p className={styles.email}>{member.user.email}</p>
      </div>
      <div>
        <span className={styles.label}>Roles</span>
        <RoleList roles={member.roles} label={`Roles of ${name}`} />
      </div>
      <div>
        <span className={styles.label}>Two-factor sign-in</span>
        {member.twoFactorEnrolled ? <span className={styles.ok}>App set up</span> : <span className={styles.warn}>Not set up yet</span>}
        <span className={styles.since}>Staff since {formatWhen(member.since)}</span>
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={editing}
          aria-label={`Change roles of ${name}`}
          onClick={() => {
            setRoles(member.roles);
            setFailure(null);
            setEditing(!editing);
          }}
        >
          Change roles
        </button>
        {member.twoFactorEnrolled && !isYou ? (
          <button type="button" className={styles.secondary} aria-label={`Reset the authenticator app of ${name}`} onClick={() => setConfirming('reset')}>
            Reset authenticator
          </button>
        ) : null}
        <button type="button" className={`${styles.secondary} ${styles.danger}`} aria-label={`Remove ${name} from staff`} onClick={() => setConfirming('remove')}>
          Remove
        </button>
      </div>
      {failure && !editing ? (
        <div className={styles.editor}>
          <Banner tone="error" title={failure} />
        </div>
      ) : null}
      {editing ? (
        <div className={styles.editor}>
          {failure ? <Banner tone="error" title={failure} /> : null}
          <RoleChecks legend={`Roles of ${name}`} roles={roles} onChange={setRoles} disabled={busy} />
          <p className={styles.actions}>
            <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && void save()}>
              {busy ? 'Saving...' : 'Save roles'}
            </button>
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </p>
        </div>
      ) : null}
      {confirming === 'remove' ? (
        <ConfirmDialog
          title={`Remove ${name} from staff?`}
          description={`${name} loses every staff role at once, on their next request. Their member account stays.`}
          confirmLabel="Remove from staff"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'reset' ? (
        <ConfirmDialog
          title={`Reset the authenticator app of ${name}?`}
          description={`For someone who lost their phone and their recovery codes. ${name} is signed out at once, their app and recovery codes stop working, and their next login sets up a new app. Check it is really them who asked.`}
          confirmLabel="Reset authenticator"
          busy={busy}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </li>
  );
}
