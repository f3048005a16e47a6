import { useState, type FormEvent } from 'react';
import type { StaffRole } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { inviteStaff } from '../api/invite-staff.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { checkInvite, type InviteErrors } from '../invite-rules.js';
import { RoleChecks } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

/** Invite: an e-mail and the roles. An existing account gets the roles at once; a new address an e-mailed link. */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkInvite(email, roles);
    setFailure(null);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const outcome = await run((token) => inviteStaff(token, checked.request));
    if (!outcome.ok) {
      setFailure(outcome.text);
      return;
    }
    notify.success(outcome.answer?.message ?? 'Done.');
    setEmail('');
    setRoles([]);
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-title">
      {failure ? <Banner tone="error" title={failure} /> : null}
      <Field label="Email" required error={errors.email}>
        {(control) => (
          <input {...control} className={fieldClasses.control} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
      </Field>
      <RoleChecks legend="Roles" roles={roles} onChange={setRoles} error={errors.roles} disabled={busy} />
      <p className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? 'Sending...' : 'Invite'}
        </button>
      </p>
    </form>
  );
}
