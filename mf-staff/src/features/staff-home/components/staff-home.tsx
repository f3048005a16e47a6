import type { StaffMeAnswer } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { useEnglishPart } from '../../../shared/english-part.js';
import { knownText } from '../../../shared/known-text.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { roleDescription, roleLabel } from '../../../shared/roles.js';
import { homeCatalog } from '../messages.js';
import { areasFor } from '../staff-areas.js';
import styles from '../../../shared/staff.module.css';

/** The staff home: who is signed in, their roles, and the areas those roles open. */
export function StaffHome({ me }: { me: StaffMeAnswer }) {
  const t = useT(homeCatalog);
  useT(sharedCatalog);
  const english = useEnglishPart();
  const areas = areasFor(me.roles);
  // The areas' English titles and descriptions are the catalog's, word for word.
  const shown = (text: string) => knownText(text, homeCatalog);
  const signedIn = richText(t('page.signedIn', { name: `${me.user.firstName} ${me.user.lastName}`, email: me.user.email }), {
    0: (name) => (english ? <span lang={english}>{name}</span> : name),
  });
  return (
    <Page title={t('page.title')} lead={signedIn}>
      {me.twoFactorEnrolled ? null : (
        <div role="alert" className={styles.section}>
          <p className={styles.warn}>{t('twoFactor.missing')}</p>
          <p>{t('twoFactor.how')}</p>
        </div>
      )}
      <section className={styles.section} aria-labelledby="staff-roles-title">
        <h2 id="staff-roles-title" className={styles.sectionTitle}>
          {t('roles.title', { n: me.roles.length })}
        </h2>
        <ul className={styles.plainList}>
          {me.roles.map((role) => (
            <li key={role}>
              <strong>{roleLabel(role)}</strong>: {roleDescription(role)}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="staff-areas-title">
        <h2 id="staff-areas-title" className={styles.sectionTitle}>
          {t('areas.title')}
        </h2>
        {areas.length === 0 ? (
          <p>{t('areas.none')}</p>
        ) : (
          <ul className={styles.cards}>
            {areas.map((area) => (
              <li key={area.path} className={styles.card}>
                {area.open ? (
                  <Link to={area.path} className={styles.cardLink}>
                    <h3 className={styles.cardTitle}>{shown(area.title)}</h3>
                    <p className={styles.cardText}>{shown(area.description)}</p>
                  </Link>
                ) : (
                  <>
                    <h3 className={styles.cardTitle}>{shown(area.title)}</h3>
                    <p className={styles.cardText}>{shown(area.description)}</p>
                    <p className={styles.muted}>{t('areas.notOpen')}</p>
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
