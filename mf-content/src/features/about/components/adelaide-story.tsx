import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud } from '@tca/ui/i18n/format';
import { aboutCatalog } from '../messages.js';
import { Timeline } from './timeline.js';
import styles from '../about.module.css';

/** The Adelaide Story: the timeline and the next chapter. */
export function AdelaideStory() {
  const t = useT(aboutCatalog);
  const lang = useLang();
  return (
    <>
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title" className={styles.heading}>
          {t('journey')}
        </h2>
        <p className={styles.hint}>{t('hint')}</p>
        <Timeline />
      </section>
      <section aria-labelledby="about-next-title" className={styles.next}>
        <h2 id="about-next-title" className={styles.heading}>
          {t('next.title')}
        </h2>
        <p>{t('next.text', { amount: formatAud(150, lang, { whole: true }) })}</p>
        <p className={styles.links}>
          <Link className="tca-button" to={paths.membership}>
            {t('next.join')}
          </Link>
          <Link to={paths.team}>{t('next.team')}</Link>
        </p>
      </section>
    </>
  );
}
