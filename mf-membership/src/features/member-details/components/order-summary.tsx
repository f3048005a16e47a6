import { Link } from '@tca/ui/router';
import { paths, type MembershipLevel } from '@tca/contracts';
import { LevelBenefits } from '../../../shared/components/level-benefits.js';
import { formatAud, termText } from '../../../shared/level-text.js';
import styles from './order-summary.module.css';

/** The order summary beside the member form (spec §2.3). */
export function OrderSummary({ level }: { level: MembershipLevel }) {
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.title}>
        Order summary
      </h2>
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>Membership</dt>
          <dd>{level.name}</dd>
        </div>
        <div className={styles.line}>
          <dt>Term</dt>
          <dd>{termText(level)}</dd>
        </div>
        <div className={styles.line}>
          <dt>Quantity</dt>
          <dd>1</dd>
        </div>
        <div className={`${styles.line} ${styles.total}`}>
          <dt>Total (AUD)</dt>
          <dd>{formatAud(level.amt)}</dd>
        </div>
      </dl>
      <LevelBenefits heading="Included" benefits={level.benefits} headingClassName={styles.benefitsTitle} listClassName={styles.benefits} />
      <p className={styles.change}>
        <Link to={paths.membership}>Choose a different membership</Link>
      </p>
    </section>
  );
}
