import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { LANG_NAMES, LANGS, setLang, useLang, useT } from '@tca/ui/i18n';
import { useSession } from '../session/use-session.js';
import { frameCatalog } from './messages.js';
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

/** English / தமிழ்: each language's name in itself, pressed when shown. */
function LanguageSwitch({ label }: { label: string }) {
  const shown = useLang();
  return (
    <div role="group" aria-label={label} className={styles.languages}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={styles.language}
          aria-pressed={lang === shown}
          onClick={() => void setLang(lang)}
        >
          {LANG_NAMES[lang]}
        </button>
      ))}
    </div>
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
  const t = useT(frameCatalog);

  useEffect(() => {
    setMenuOpen(false);
    setAboutHover(false);
    setAboutPinned(false);
  }, [pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          {t('siteName')}
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('menu.close') : t('menu.open')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
        </button>
        <nav id={menuId} className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav} aria-label={t('nav.main')}>
          <ul className={styles.list}>
            <li>
              <NavLink to={paths.home} end className={navClass}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li
              className={styles.dropdown}
              onMouseEnter={() => setAboutHover(true)}
              onMouseLeave={() => setAboutHover(false)}
            >
              <span className={styles.dropdownHead}>
                <NavLink to={paths.about} className={navClass}>
                  {t('nav.about')}
                </NavLink>
                <button
                  type="button"
                  className={styles.caret}
                  aria-expanded={aboutOpen}
                  aria-label={t('nav.showAbout')}
                  onClick={() => setAboutPinned(!aboutOpen)}
                >
                  ▾
                </button>
              </span>
              <ul className={aboutOpen ? `${styles.menu} ${styles.menuOpen}` : styles.menu} aria-label={t('nav.about')}>
                <li>
                  <Link to={paths.about}>{t('nav.aboutUs')}</Link>
                </li>
                <li>
                  <Link to={paths.team}>{t('nav.team')}</Link>
                </li>
              </ul>
            </li>
            <li>
              <NavLink to={paths.membership} className={navClass}>
                {t('nav.membership')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.events} className={navClass}>
                {t('nav.events')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.gallery} className={navClass}>
                {t('nav.gallery')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.blog} className={navClass}>
                {t('nav.blog')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact} className={navClass}>
                {t('nav.contact')}
              </NavLink>
            </li>
            <li className={styles.account}>
              {user ? (
                <Link to={paths.profile} className={styles.profile} aria-label={t('nav.profile')} title={t('nav.profile')}>
                  <ProfileIcon />
                </Link>
              ) : (
                <Link to={paths.login} className={`tca-button ${styles.login}`}>
                  {t('nav.login')}
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <LanguageSwitch label={t('language.label')} />
      </div>
    </header>
  );
}
