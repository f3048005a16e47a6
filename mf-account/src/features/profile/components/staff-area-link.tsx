import { paths, type StaffRole } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import styles from './profile.module.css';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

/** Issue 14: the way into the staff area, for an account with a staff role only (the public header never links it). */
export function StaffAreaLink({ roles }: { roles: readonly StaffRole[] }) {
  const t = useT(profileCatalog);
  if (roles.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="staff-area-title">
      <h2 id="staff-area-title" className={styles.sectionTitle}>
        {t('staff.title')}
      </h2>
      <p>{t('staff.roles', { n: roles.length, roles: roles.map((role) => t(`role.${role}`)).join(', ') })}</p>
      <p>
        <Link to={paths.staffHome} className="tca-button">
          {t('staff.open')}
        </Link>
      </p>
    </section>
  );
}
