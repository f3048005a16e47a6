import { useId } from 'react';
import { STAFF_ROLES, type StaffRole } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { sharedCatalog } from '../../../shared/messages.js';
import { roleDescription, roleLabel } from '../../../shared/roles.js';
import { toggleRole } from '../invite-rules.js';
import styles from '../../../shared/staff.module.css';

interface RoleChecksProps {
  legend: string;
  roles: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The five roles as checkboxes in a fieldset, each with what it is for; the error is named by the group. */
export function RoleChecks({ legend, roles, onChange, error, disabled }: RoleChecksProps) {
  const id = useId();
  useT(sharedCatalog);
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.checks} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <div key={role} className={styles.check}>
          <input
            type="checkbox"
            id={`${id}-${role}`}
            aria-describedby={`${id}-${role}-hint`}
            checked={roles.includes(role)}
            onChange={(event) => onChange(toggleRole(roles, role, event.target.checked, STAFF_ROLES))}
          />
          <label htmlFor={`${id}-${role}`}>{roleLabel(role)}</label>
          <p id={`${id}-${role}-hint`} className={styles.checkHint}>
            {roleDescription(role)}
          </p>
        </div>
      ))}
      {error ? (
        <p id={errorId} className={styles.checksError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Role labels as a list of chips, named by `label` (an aria-label, or aria-labelledby on a Tamil page, where a name stays English). */
export function RoleList({ roles, label }: { roles: readonly StaffRole[]; label: { 'aria-label': string } | { 'aria-labelledby': string } }) {
  useT(sharedCatalog);
  return (
    <ul className={styles.roles} {...label}>
      {roles.map((role) => (
        <li key={role} className={styles.role}>
          {roleLabel(role)}
        </li>
      ))}
    </ul>
  );
}
