import type { LoginUser } from '@tca/contracts';
import { formatProfilePhone } from '../../../shared/phone.js';
import styles from './profile.module.css';

/** Personal Information (spec §2.3): the stored user's name, e-mail and phone (+61 412345678). */
export function PersonalInformation({ user }: { user: LoginUser }) {
  return (
    <section className={styles.section} aria-labelledby="personal-information-title">
      <h2 id="personal-information-title" className={styles.sectionTitle}>
        Personal Information
      </h2>
      <dl className={styles.details}>
        <dt>Name</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Phone</dt>
        <dd>{formatProfilePhone(user.phone) || 'N/A'}</dd>
      </dl>
    </section>
  );
}
