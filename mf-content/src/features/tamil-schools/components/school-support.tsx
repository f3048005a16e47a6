import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { TAMIL_SCHOOL } from '../tamil-school.js';
import styles from '../tamil-schools.module.css';

function PlaceholderTag() {
  return <span className={styles.tag}>Placeholder</span>;
}

/** The school our community supports: why, the school card and how to help. */
export function SchoolSupport() {
  return (
    <>
      <div className={styles.intro}>
        <p>
          Many of us learnt to read and write Tamil in a small village school. Schools like that still teach thousands of
          children, often with few resources: a missed meal, a leaking roof or a lack of books is enough to keep a child away
          from class.
        </p>
        <p>
          Through our members, events and donors, the association supports a Tamil-medium school so that its pupils can learn
          in their own language, eat a proper meal every school day and grow up proud of their heritage. Every contribution
          goes directly to the school&apos;s programmes below.
        </p>
      </div>

      <article className={styles.card} aria-labelledby="school-name">
        <header className={styles.cardHead}>
          <h2 id="school-name" className={styles.name}>
            {TAMIL_SCHOOL.name}
          </h2>
          {TAMIL_SCHOOL.namePlaceholder ? <PlaceholderTag /> : null}
        </header>
        <p className={styles.placeholderNote}>
          Items marked <em>Placeholder</em> will be replaced with the school&apos;s details once they are published.
        </p>
        <dl className={styles.details}>
          {TAMIL_SCHOOL.details.map((detail) => (
            <div key={detail.label} className={styles.detail}>
              <dt>{detail.label}</dt>
              <dd>
                {detail.value} {detail.placeholder ? <PlaceholderTag /> : null}
              </dd>
            </div>
          ))}
        </dl>

        <h3 className={styles.highlightsTitle}>Highlights</h3>
        <ul className={styles.highlights}>
          {TAMIL_SCHOOL.highlights.map((highlight) => (
            <li key={highlight.title} className={styles.highlight}>
              <strong>{highlight.title}</strong>
              <span>{highlight.text}</span>
            </li>
          ))}
        </ul>

        <div className={styles.actions}>
          <Link to={paths.contact} className="tca-button">
            More Information
          </Link>
          <span className={styles.actionNote}>Ask us about the school, visiting, or how you can help.</span>
        </div>
      </article>
    </>
  );
}
