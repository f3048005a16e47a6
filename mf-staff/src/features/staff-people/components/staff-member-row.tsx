import { useId, useState } from 'react';
import type { StaffMember, StaffRole } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { removeFromStaff } from '../api/remove-from-staff.js';
import { resetAuthenticator } from '../api/reset-authenticator.js';
import { setStaffRoles } from '../api/set-staff-roles.js';
import { useEnglishPart } from '../../../shared/english-part.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { formatWhen } from '../invite-rules.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { peopleCatalog } from '../messages.js';
import { RoleChecks, RoleList } from './role-checks.js';
import styles from '../../../shared/staff.module.css';

interface StaffMemberRowProps {
  member: StaffMember;
  isYou: boolean;
  onChanged: () => void;
}

type NamedKey = 'row.changeOf' | 'row.resetOf' | 'row.removeOf';

/** One staff member: name and e-mail, roles, whether an authenticator app is set up; change roles, reset their app, remove. */
export function StaffMemberRow({ member, isYou, onChanged }: StaffMemberRowProps) {
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  /** Which confirmation dialog is open. */
  const [confirming, setConfirming] = useState<'remove' | 'reset' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const t = useT(peopleCatalog);
  const english = useEnglishPart();
  const id = useId();
  const name = `${member.user.firstName} ${member.user.lastName}`;
  // A control named after the person: in English "Change roles of Arun Kumar"; on a Tamil page the name
  // (marked English) and the control's own Tamil words, so no English is left in a Tamil label.
  const named = (key: NamedKey, ownId: string) => (english ? { id: `${id}-${ownId}`, 'aria-labelledby': `${id}-name ${id}-${ownId}` } : { 'aria-label': t(key, { name }) });

  const save = async () => {
    if (roles.length === 0) {
      setFailure(t('row.noRole'));
      return;
    }
    const outcome = await run((token) => setStaffRoles(token, member.user.id, roles));
    if (!outcome.ok) return setFailure(outcome.text);
    setFailure(null);
    setEditing(false);
    notify.success(t('row.saved', { name }));
    onChanged();
  };

  const remove = async () => {
    const outcome = await run((token) => removeFromStaff(token, member.user.id));
    setConfirming(null);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(t('row.removed', { name }));
    onChanged();
  };

  const reset = async () => {
    const outcome = await run((token) => resetAuthenticator(token, member.user.id));
    setConfirming(null);
    if (!outcome.ok) return setFailure(outcome.text);
    notify.success(t('row.resetDone', { name }));
    onChanged();
  };

  const nameText = english ? <span id={`${id}-name`} lang={english}>{name}</span> : name;
  return (
    <li className={styles.row}>
      <div>
        <p className={styles.name}>{isYou ? richText(t('row.you', { name }), { 0: () => nameText }) : nameText}</p>
        <p className={styles.email}>{member.user.email}</p>
      </div>
      <div>
        <span className={styles.label} id={english && `${id}-roles`}>
          {t('row.roles')}
        </span>
        <RoleList roles={member.roles} label={english ? { 'aria-labelledby': `${id}-name ${id}-roles` } : { 'aria-label': t('row.rolesOf', { name }) }} />
      </div>
      <div>
        <span className={styles.label}>{t('row.twoFactor')}</span>
        {member.twoFactorEnrolled ? <span className={styles.ok}>{t('row.appSet')}</span> : <span className={styles.warn}>{t('row.appMissing')}</span>}
        <span className={styles.since}>{t('row.since', { when: formatWhen(member.since) })}</span>
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={editing}
          {...named('row.changeOf', 'change')}
          onClick={() => {
            setRoles(member.roles);
            setFailure(null);
            setEditing(!editing);
          }}
        >
          {t('row.change')}
        </button>
        {member.twoFactorEnrolled && !isYou ? (
          <button type="button" className={styles.secondary} {...named('row.resetOf', 'reset')} onClick={() => setConfirming('reset')}>
            {t('row.reset')}
          </button>
        ) : null}
        <button type="button" className={`${styles.secondary} ${styles.danger}`} {...named('row.removeOf', 'remove')} onClick={() => setConfirming('remove')}>
          {t('row.remove')}
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
          <RoleChecks legend={t('row.rolesOf', { name })} roles={roles} onChange={setRoles} disabled={busy} />
          <p className={styles.actions}>
            <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && void save()}>
              {busy ? t('row.saving') : t('row.save')}
            </button>
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => setEditing(false)}>
              {t('row.cancel')}
            </button>
          </p>
        </div>
      ) : null}
      {confirming === 'remove' ? (
        <ConfirmDialog
          title={t('remove.title', { name })}
          written={name}
          description={t('remove.text', { name })}
          confirmLabel={t('remove.confirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'reset' ? (
        <ConfirmDialog
          title={t('reset.title', { name })}
          written={name}
          description={t('reset.text', { name })}
          confirmLabel={t('reset.confirm')}
          busy={busy}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </li>
  );
}
