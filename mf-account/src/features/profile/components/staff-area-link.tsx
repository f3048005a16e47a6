import { paths, STAFF_ROLE_LABELS, type StaffRole } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import styles from './profile.module.css';

/** Issue 14: the way into the staff area, for an account with a staff role only (the public header never links it). */
export function StaffAreaLink({ roles }: { roles: readonly StaffRole[] }) {
  if (roles.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="staff-area-title">
      <h2 id="staff-area-title" className={styles.sectionTitle}>
        Staff area
      </h2>
      <p>Your staff {roles.length === 1 ? 'role' : 'roles'}: {roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ')}.</p>
      <p>
        <Link to={paths.staffHome} className="tca-button">
          Open the staff area
        </Link>
      </p>
    </section>
  );
}
