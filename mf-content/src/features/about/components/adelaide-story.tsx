import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Timeline } from './timeline.js';
import styles from '../about.module.css';

/** The Adelaide Story: the timeline and the next chapter. */
export function AdelaideStory() {
  return (
    <>
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title" className={styles.heading}>
          Our journey
        </h2>
        <p className={styles.hint}>Choose a year to read about it. With the keyboard, the arrow keys move between years.</p>
        <Timeline />
      </section>
      <section aria-labelledby="about-next-title" className={styles.next}>
        <h2 id="about-next-title" className={styles.heading}>
          The next chapter
        </h2>
        <p>
          Our story is written by our members. Members save over $150 on events every year, and proceeds go to our community centre
          initiative — a home for the next generation of Tamil families in Adelaide.
        </p>
        <p className={styles.links}>
          <Link className="tca-button" to={paths.membership}>
            Become a member
          </Link>
          <Link to={paths.team}>Meet our team</Link>
        </p>
      </section>
    </>
  );
}
