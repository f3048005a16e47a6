import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { SITE_NAME } from '@tca/ui';
import styles from './footer.module.css';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

/** The site footer of spec §2.2. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section>
          <h2 className={styles.heading}>{SITE_NAME}</h2>
          <p className={styles.about}>
            A non-profit association bringing Adelaide&apos;s Tamil community together through culture, language and events.
          </p>
        </section>
        <nav aria-label="Information">
          <h2 className={styles.heading}>Information</h2>
          <ul className={styles.list}>
            <li><Link to={paths.about}>About Us</Link></li>
            <li><Link to={paths.contact}>Contact Us</Link></li>
            <li><Link to={paths.terms}>Terms &amp; Conditions</Link></li>
            <li><Link to={paths.privacy}>Privacy Policy</Link></li>
            <li><Link to={paths.raiseTicket}>Support</Link></li>
          </ul>
        </nav>
        <nav aria-label="Quick Links">
          <h2 className={styles.heading}>Quick Links</h2>
          <ul className={styles.list}>
            <li><Link to={paths.home}>Home</Link></li>
            <li><Link to={paths.membership}>Membership</Link></li>
            <li><Link to={paths.events}>Events</Link></li>
            <li><Link to={paths.tamilSchools}>Tamil School</Link></li>
          </ul>
        </nav>
        <nav aria-label="Social media">
          <h2 className={styles.heading}>Follow Us</h2>
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
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
