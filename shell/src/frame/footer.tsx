import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { frameCatalog } from './messages.js';
import styles from './footer.module.css';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

/** The site footer of spec §2.2. */
export function Footer() {
  const t = useT(frameCatalog);
  const site = t('siteName');
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section>
          <h2 className={styles.heading}>{site}</h2>
          <p className={styles.about}>{t('footer.about')}</p>
        </section>
        <nav aria-label={t('footer.information')}>
          <h2 className={styles.heading}>{t('footer.information')}</h2>
          <ul className={styles.list}>
            <li><Link to={paths.about}>{t('nav.aboutUs')}</Link></li>
            <li><Link to={paths.contact}>{t('footer.contactUs')}</Link></li>
            <li><Link to={paths.terms}>{t('footer.terms')}</Link></li>
            <li><Link to={paths.privacy}>{t('footer.privacy')}</Link></li>
            <li><Link to={paths.raiseTicket}>{t('footer.support')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className={styles.heading}>{t('footer.quickLinks')}</h2>
          <ul className={styles.list}>
            <li><Link to={paths.home}>{t('nav.home')}</Link></li>
            <li><Link to={paths.membership}>{t('nav.membership')}</Link></li>
            <li><Link to={paths.events}>{t('nav.events')}</Link></li>
            <li><Link to={paths.tamilSchools}>{t('footer.tamilSchool')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.social')}>
          <h2 className={styles.heading}>{t('footer.follow')}</h2>
          <ul className={styles.list}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.rights}>
        {t('footer.rights', { year: new Date().getFullYear(), site })}
      </p>
    </footer>
  );
}
