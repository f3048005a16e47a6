import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud, richText } from '@tca/ui/i18n/format';
import { homeCatalog } from '../messages.js';
import styles from '../../../shared/home-sections.module.css';

const strong = { 0: (children: string) => <strong>{children}</strong> };

/** About Us, then Mission and Vision with the membership call (spec §1, §2.3). */
export function AboutSection({ id }: { id: string }) {
  const t = useT(homeCatalog);
  const amount = formatAud(150, useLang(), { whole: true });
  return (
    <>
      <section className={styles.section} aria-labelledby={id}>
        <div className={styles.about}>
          <div>
            {/* Get Started moves focus here so keyboard and screen-reader users land where the page scrolled to. */}
            <h2 id={id} tabIndex={-1} className={styles.heading}>
              {t('about.title')}
            </h2>
            <p className={styles.text}>{t('about.p1')}</p>
            <p className={styles.text}>{t('about.p2')}</p>
          </div>
          <ul className={styles.facts} aria-label={t('facts')}>
            <li>{richText(t('facts.founded'), strong)}</li>
            <li>{richText(t('facts.events'), strong)}</li>
            <li>{richText(t('facts.save', { amount }), strong)}</li>
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.band}`} aria-labelledby="mission-vision-title">
        <h2 id="mission-vision-title" className={styles.heading}>
          {t('mv.title')}
        </h2>
        <div className={styles.pillars}>
          <article className={styles.pillar}>
            <h3>{t('mission')}</h3>
            <p>{t('mission.text')}</p>
          </article>
          <article className={styles.pillar}>
            <h3>{t('vision')}</h3>
            <p>{t('vision.text')}</p>
          </article>
        </div>
        <div className={styles.join}>
          <p>{t('join.text', { amount })}</p>
          <Link className="tca-button" to={paths.membership}>
            {t('join')}
          </Link>
        </div>
      </section>
    </>
  );
}
