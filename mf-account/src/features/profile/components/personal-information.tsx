import type { LoginUser } from '@tca/contracts';
import { formatProfilePhone } from '../../../shared/phone.js';
import styles from './profile.module.css';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

/** Personal Information (spec §2.3): the stored user's name, e-mail and phone (+61 412345678). */
export function PersonalInformation({ user }: { user: LoginUser }) {
  const t = useT(profileCatalog);
  return (
    <section className={styles.section} aria-labelledby="personal-information-title">
      <h2 id="personal-information-title" className={styles.sectionTitle}>
        {t('personal.title')}
      </h2>
      <dl className={styles.details}>
        <dt>{t('personal.name')}</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>{t('personal.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('personal.phone')}</dt>
        <dd>{formatProfilePhone(user.phone) || t('na')}</dd>
      </dl>
    </section>
  );
}
