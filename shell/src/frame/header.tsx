import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { SITE_NAME } from '@tca/ui';
import { useSession } from '../session/use-session.js';
import styles from './header.module.css';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

function ProfileIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

/** The site header of spec §2.2. On small screens the menu folds into a toggle that closes on every route change. */
export function Header() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // Hover opens the About menu; a click (or a tap, where there is no hover) keeps it open.
  const [aboutHover, setAboutHover] = useState(false);
  const [aboutPinned, setAboutPinned] = useState(false);
  const aboutOpen = aboutHover || aboutPinned;
  const menuId = useId();

  useEffect(() => {
    setMenuOpen(false);
    setAboutHover(false);
    setAboutPinned(false);
  }, [pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          {SITE_NAME}
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
        </button>
        <nav id={menuId} className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav} aria-label="Main">
          <ul className={styles.list}>
            <li>
              <NavLink to={paths.home} end className={navClass}>
                Home
              </NavLink>
            </li>
            <li
              className={styles.dropdown}
              onMouseEnter={() => setAboutHover(true)}
              onMouseLeave={() => setAboutHover(false)}
            >
              <span className={styles.dropdownHead}>
                <NavLink to={paths.about} className={navClass}>
                  About
                </NavLink>
                <button
                  type="button"
                  className={styles.caret}
                  aria-expanded={aboutOpen}
                  aria-label="Show About pages"
                  onClick={() => setAboutPinned(!aboutOpen)}
                >
                  ▾
                </button>
              </span>
              <ul className={aboutOpen ? `${styles.menu} ${styles.menuOpen}` : styles.menu} aria-label="About">
                <li>
                  <Link to={paths.about}>About Us</Link>
                </li>
                <li>
                  <Link to={paths.team}>Our Team</Link>
                </li>
              </ul>
            </li>
            <li>
              <NavLink to={paths.membership} className={navClass}>
                Membership
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.events} className={navClass}>
                Events
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.gallery} className={navClass}>
                Gallery
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.blog} className={navClass}>
                Blog
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact} className={navClass}>
                Contact
              </NavLink>
            </li>
            <li className={styles.account}>
              {user ? (
                <Link to={paths.profile} className={styles.profile} aria-label="Profile" title="Profile">
                  <ProfileIcon />
                </Link>
              ) : (
                <Link to={paths.login} className={`tca-button ${styles.login}`}>
                  Login
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
