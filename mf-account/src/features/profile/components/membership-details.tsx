import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { displayDate, isPending, membershipPeriod, statusTone, validityOf, type ProfileMembership, type Validity } from '../membership.js';
import { formatProfilePhone } from '../../../shared/phone.js';
import styles from './profile.module.css';
import { useLang, useT, type Lang, type Translate } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

type ProfileTexts = typeof profileCatalog.english;

const STATUSES = ['Active', 'Pending', 'Current', 'Rejected', 'Expired', 'Cancelled'] as const;

/** A membership status in the language shown; a status this page does not know stays as it came (English). */
function statusText(status: string, t: Translate<ProfileTexts>, lang: Lang): { text: string; lang: 'en' | undefined } {
  const known = STATUSES.find((name) => name.toLowerCase() === status.trim().toLowerCase());
  return known ? { text: t(`status.${known}`), lang: undefined } : { text: status, lang: lang === 'en' ? undefined : 'en' };
}

/** The Validity line (spec §4) in the language shown. */
function validityText(validity: Validity, t: Translate<ProfileTexts>): string {
  switch (validity.kind) {
    case 'cancelled':
      return t('status.Cancelled');
    case 'lifeTime':
      return t('validity.lifeTime');
    case 'expired':
      return t('status.Expired');
    case 'none':
      return t('na');
    default:
      return t('validity.days', { n: validity.days });
  }
}

type MembershipLoad = { kind: 'loading' } | { kind: 'ready'; membership: ProfileMembership | null };

/** Membership Details (spec §2.3): the two cards, the Under Review notice, or No Active Memberships. */
export function MembershipDetails({ load }: { load: MembershipLoad }) {
  const t = useT(profileCatalog);
  return (
    <section className={styles.section} aria-labelledby="membership-details-title" aria-busy={load.kind === 'loading'}>
      <h2 id="membership-details-title" className={styles.sectionTitle}>
        {t('membership.title')}
      </h2>
      {load.kind === 'loading' ? (
        <p className={styles.loading} role="status">
          {t('membership.loading')}
        </p>
      ) : load.membership ? (
        <Membership membership={load.membership} />
      ) : (
        <div className={styles.empty}>
          <h3>{t('membership.none')}</h3>
          <p>{t('membership.noneText')}</p>
          <Link to={paths.membership} className="tca-button">
            {t('membership.become')}
          </Link>
        </div>
      )}
    </section>
  );
}

function Membership({ membership }: { membership: ProfileMembership }) {
  const fullName = [membership.firstname, membership.lastname].map((part) => part.trim()).filter(Boolean).join(' ');
  const t = useT(profileCatalog);
  const lang = useLang();
  const na = t('na');
  const period = membershipPeriod(membership, lang);
  const status = statusText(membership.status, t, lang);
  return (
    <>
      {isPending(membership.status) ? (
        <div className={styles.notice}>
          <h3>{t('membership.review')}</h3>
          <p>{t('membership.reviewText')}</p>
        </div>
      ) : null}
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby="current-membership-title">
          <h3 id="current-membership-title" className={styles.cardTitle}>
            {t('membership.current')}
          </h3>
          <dl className={styles.details}>
            <dt>{t('membership.type')}</dt>
            <dd>{membership.membershipName}</dd>
            <dt>{t('membership.status')}</dt>
            <dd>
              <span className={styles[statusTone(membership.status)]} lang={status.lang}>
                {status.text}
              </span>
            </dd>
            <dt>{t('membership.request')}</dt>
            <dd>{membership.requestId}</dd>
            <dt>{t('membership.submitted')}</dt>
            <dd>{displayDate(membership.createdAt, lang, na)}</dd>
            {period ? (
              <>
                <dt>{t('membership.period')}</dt>
                <dd>{period}</dd>
              </>
            ) : null}
            <dt>{t('membership.validity')}</dt>
            <dd>{validityText(validityOf(membership), t)}</dd>
            <dt>{t('membership.doB')}</dt>
            <dd>{displayDate(membership.doB, lang, na)}</dd>
          </dl>
        </article>
        <article className={styles.card} aria-labelledby="personal-details-title">
          <h3 id="personal-details-title" className={styles.cardTitle}>
            {t('membership.personal')}
          </h3>
          <dl className={styles.details}>
            <dt>{t('membership.fullName')}</dt>
            <dd>{fullName || na}</dd>
            <dt>{t('membership.email')}</dt>
            <dd>{membership.email || na}</dd>
            <dt>{t('membership.phone')}</dt>
            <dd>{formatProfilePhone(membership.phone) || na}</dd>
            <dt>{t('membership.address')}</dt>
            <dd>{membership.address || na}</dd>
            <dt>{t('membership.profession')}</dt>
            <dd>{membership.profession || na}</dd>
          </dl>
        </article>
      </div>
    </>
  );
}
