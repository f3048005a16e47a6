import type { LoginUser } from '@tca/contracts';
import { useMembership } from '../hooks/use-membership.js';
import { useStaffRoles } from '../hooks/use-staff-roles.js';
import styles from './profile.module.css';
import { EmailPreferences } from './email-preferences.js';
import { LogoutButton } from './logout-button.js';
import { MembershipDetails } from './membership-details.js';
import { MyTickets } from './my-tickets.js';
import { PersonalInformation } from './personal-information.js';
import { SecuritySettings } from './security-settings.js';
import { StaffAreaLink } from './staff-area-link.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';
import { foreignText, shownText } from '../../../shared/messages.js';

/**
 * The member's profile (spec §2.3): Personal Information, Membership Details and Security Settings,
 * Logout top and bottom; a membership that cannot be loaded shows the failure screen with Try Again.
 */
export function Profile({ user }: { user: LoginUser }) {
  const t = useT(profileCatalog);
  const load = useMembership(user.email);
  const staffRoles = useStaffRoles();

  return (
    <section className="tca-page" aria-labelledby="page-title">
      <header className={styles.head}>
        <div>
          <h1 id="page-title" className="tca-page__title">
            {t('title')}
          </h1>
          <p className="tca-page__lead">
            {user.firstName} {user.lastName}
          </p>
        </div>
        <LogoutButton />
      </header>
      {load.kind === 'failed' ? (
        <div className={styles.failure}>
          <div role="alert">
            <h2>{t('failed.title')}</h2>
            <p lang={foreignText(load.detail)}>{shownText(load.detail)}</p>
          </div>
          <button type="button" className="tca-button" onClick={() => window.location.reload()}>
            {t('failed.retry')}
          </button>
        </div>
      ) : (
        <>
          <PersonalInformation user={user} />
          <StaffAreaLink roles={staffRoles} />
          <MembershipDetails load={load} />
          <MyTickets />
          <EmailPreferences />
          <SecuritySettings />
        </>
      )}
      <div className={styles.bottom}>
        <LogoutButton />
      </div>
    </section>
  );
}
