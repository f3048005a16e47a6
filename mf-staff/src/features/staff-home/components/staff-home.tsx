import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, type StaffMeAnswer } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { areasFor } from '../staff-areas.js';
import styles from '../../../shared/staff.module.css';

/** The staff home: who is signed in, their roles, and the areas those roles open. */
export function StaffHome({ me }: { me: StaffMeAnswer }) {
  const areas = areasFor(me.roles);
  return (
    <Page title="Staff area" lead={`Signed in as ${me.user.firstName} ${me.user.lastName} (${me.user.email}).`}>
      {me.twoFactorEnrolled ? null : (
        <div role="alert" className={styles.section}>
          <p className={styles.warn}>No authenticator app is set up for your account.</p>
          <p>Staff accounts must sign in with a code from an authenticator app. Log out and log in again to set one up.</p>
        </div>
      )}
      <section className={styles.section} aria-labelledby="staff-roles-title">
        <h2 id="staff-roles-title" className={styles.sectionTitle}>
          {me.roles.length === 1 ? 'Your role' : 'Your roles'}
        </h2>
        <ul className={styles.plainList}>
          {me.roles.map((role) => (
            <li key={role}>
              <strong>{STAFF_ROLE_LABELS[role]}</strong>: {STAFF_ROLE_DESCRIPTIONS[role]}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="staff-areas-title">
        <h2 id="staff-areas-title" className={styles.sectionTitle}>
          Your areas
        </h2>
        {areas.length === 0 ? (
          <p>Your role&apos;s desk is not open yet: it comes with the next part of the staff area.</p>
        ) : (
          <ul className={styles.cards}>
            {areas.map((area) => (
              <li key={area.path} className={styles.card}>
                {area.open ? (
                  <Link to={area.path} className={styles.cardLink}>
                    <h3 className={styles.cardTitle}>{area.title}</h3>
                    <p className={styles.cardText}>{area.description}</p>
                  </Link>
                ) : (
                  <>
                    <h3 className={styles.cardTitle}>{area.title}</h3>
                    <p className={styles.cardText}>{area.description}</p>
                    <p className={styles.muted}>Not open yet.</p>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
