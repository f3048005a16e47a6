import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import styles from '../../../shared/home-sections.module.css';

/** About Us, then Mission and Vision with the membership call (spec §1, §2.3). */
export function AboutSection({ id }: { id: string }) {
  return (
    <>
      <section className={styles.section} aria-labelledby={id}>
        <div className={styles.about}>
          <div>
            {/* Get Started moves focus here so keyboard and screen-reader users land where the page scrolled to. */}
            <h2 id={id} tabIndex={-1} className={styles.heading}>
              About Us
            </h2>
            <p className={styles.text}>
              Since 1990 the Adelaide Tamil Association has brought together Tamil-speaking families across South Australia. We keep our
              language, music, dance and festivals alive — Pongal, Tamil New Year, Deepavali — run Tamil classes for children, and help
              newcomers to Adelaide find friends and a community from their very first week.
            </p>
            <p className={styles.text}>
              We are a non-profit association run by volunteers. Everyone who shares our love of Tamil culture is welcome, whatever their
              background.
            </p>
          </div>
          <ul className={styles.facts} aria-label="The association in numbers">
            <li>
              <strong>1990</strong> founded in Adelaide
            </li>
            <li>
              <strong>30+</strong> events a year
            </li>
            <li>
              <strong>$150+</strong> members save on events
            </li>
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.band}`} aria-labelledby="mission-vision-title">
        <h2 id="mission-vision-title" className={styles.heading}>
          Mission and Vision
        </h2>
        <div className={styles.pillars}>
          <article className={styles.pillar}>
            <h3>Our Mission</h3>
            <p>
              To preserve and promote the Tamil language, arts and culture in South Australia, to support one another, and to share our
              heritage with the wider Australian community.
            </p>
          </article>
          <article className={styles.pillar}>
            <h3>Our Vision</h3>
            <p>
              A confident, connected Tamil community in Adelaide with a community centre of its own, where every generation can meet,
              learn and celebrate together.
            </p>
          </article>
        </div>
        <div className={styles.join}>
          <p>
            Members save over $150 on events every year, and proceeds go to our community centre initiative.
          </p>
          <Link className="tca-button" to={paths.membership}>
            Join Our Community
          </Link>
        </div>
      </section>
    </>
  );
}
