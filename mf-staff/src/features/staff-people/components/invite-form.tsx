import { useState, type FormEvent } from 'react';
import type { StaffRole } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { inviteStaff } from '../api/invite-staff.js';
import { knownText } from '../../../shared/known-text.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { checkInvite, type InviteErrors } from '../invite-rules.js';
import { peopleCatalog } from '../messages.js';
import { RoleChecks } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

/** Invite: an e-mail and the roles. An existing account gets the roles at once; a new address an e-mailed link. */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const t = useT(peopleCatalog);
  useT(sharedCatalog);
  // The schema's messages (English) in the language shown.
  const check = (message: string | undefined) => message && knownText(message, peopleCatalog);

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
    notify.success(knownText(outcome.answer?.message ?? 'Done.', sharedCatalog));
    setEmail('');
    setRoles([]);
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-title">
      {failure ? <Banner tone="error" title={failure} /> : null}
      <Field label={t('invite.email')} required error={check(errors.email)}>
        {(control) => (
          <input {...control} className={fieldClasses.control} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
      </Field>
      <RoleChecks legend={t('invite.roles')} roles={roles} onChange={setRoles} error={check(errors.roles)} disabled={busy} />
      <p className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? t('invite.sending') : t('invite.submit')}
        </button>
      </p>
    </form>
  );
}
