import { Link } from '@tca/ui/router';
import { paths, type MembershipLevel } from '@tca/contracts';
import { LevelBenefits } from '../../../shared/components/level-benefits.js';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud, formatNumber } from '@tca/ui/i18n/format';
import { levelTexts, sharedCatalog } from '../../../shared/messages.js';
import { detailsCatalog } from '../messages.js';
import styles from './order-summary.module.css';

/** The order summary beside the member form (spec §2.3). */
export function OrderSummary({ level }: { level: MembershipLevel }) {
  const t = useT(detailsCatalog);
  const shared = useT(sharedCatalog);
  const lang = useLang();
  const { name, term, benefits } = levelTexts(level);
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.title}>
        {t('sum.title')}
      </h2>
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>{shared('membership')}</dt>
          <dd>{name}</dd>
        </div>
        <div className={styles.line}>
          <dt>{shared('term')}</dt>
          <dd>{term}</dd>
        </div>
        <div className={styles.line}>
          <dt>{t('sum.quantity')}</dt>
          <dd>{formatNumber(1, lang)}</dd>
        </div>
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{t('sum.total')}</dt>
          <dd>{formatAud(level.amt, lang)}</dd>
        </div>
      </dl>
      <LevelBenefits heading={t('sum.included')} benefits={benefits} headingClassName={styles.benefitsTitle} listClassName={styles.benefits} />
      <p className={styles.change}>
        <Link to={paths.membership}>{t('sum.change')}</Link>
      </p>
    </section>
  );
}
