import { useId } from 'react';
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@tca/contracts';
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
          <label htmlFor={`${id}-${role}`}>{STAFF_ROLE_LABELS[role]}</label>
          <p id={`${id}-${role}-hint`} className={styles.checkHint}>
            {STAFF_ROLE_DESCRIPTIONS[role]}
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

/** Role labels as a list of chips. */
export function RoleList({ roles, label }: { roles: readonly StaffRole[]; label: string }) {
  return (
    <ul className={styles.roles} aria-label={label}>
      {roles.map((role) => (
        <li key={role} className={styles.role}>
          {STAFF_ROLE_LABELS[role]}
        </li>
      ))}
    </ul>
  );
}
