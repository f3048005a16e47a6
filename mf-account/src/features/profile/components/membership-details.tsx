import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { displayDate, isPending, membershipPeriod, membershipValidity, statusTone, type ProfileMembership } from '../membership.js';
import { formatProfilePhone } from '../../../shared/phone.js';
import styles from './profile.module.css';

type MembershipLoad = { kind: 'loading' } | { kind: 'ready'; membership: ProfileMembership | null };

/** Membership Details (spec §2.3): the two cards, the Under Review notice, or No Active Memberships. */
export function MembershipDetails({ load }: { load: MembershipLoad }) {
  return (
    <section className={styles.section} aria-labelledby="membership-details-title" aria-busy={load.kind === 'loading'}>
      <h2 id="membership-details-title" className={styles.sectionTitle}>
        Membership Details
      </h2>
      {load.kind === 'loading' ? (
        <p className={styles.loading} role="status">
          Loading membership details…
        </p>
      ) : load.membership ? (
        <Membership membership={load.membership} />
      ) : (
        <div className={styles.empty}>
          <h3>No Active Memberships</h3>
          <p>You don&apos;t have any active memberships at the moment.</p>
          <Link to={paths.membership} className="tca-button">
            Become a Member
          </Link>
        </div>
      )}
    </section>
  );
}

function Membership({ membership }: { membership: ProfileMembership }) {
  const fullName = [membership.firstname, membership.lastname].map((part) => part.trim()).filter(Boolean).join(' ');
  const period = membershipPeriod(membership);
  return (
    <>
      {isPending(membership.status) ? (
        <div className={styles.notice}>
          <h3>Under Review</h3>
          <p>Your membership request is currently under review. We&apos;ll notify you once it&apos;s approved.</p>
        </div>
      ) : null}
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby="current-membership-title">
          <h3 id="current-membership-title" className={styles.cardTitle}>
            Current Membership
          </h3>
          <dl className={styles.details}>
            <dt>Membership Type</dt>
            <dd>{membership.membershipName}</dd>
            <dt>Status</dt>
            <dd>
              <span className={styles[statusTone(membership.status)]}>{membership.status}</span>
            </dd>
            <dt>Request ID</dt>
            <dd>{membership.requestId}</dd>
            <dt>Submission Date</dt>
            <dd>{displayDate(membership.createdAt)}</dd>
            {period ? (
              <>
                <dt>Period</dt>
                <dd>{period}</dd>
              </>
            ) : null}
            <dt>Validity</dt>
            <dd>{membershipValidity(membership)}</dd>
            <dt>Date of Birth</dt>
            <dd>{membership.doB ? displayDate(membership.doB) : 'N/A'}</dd>
          </dl>
        </article>
        <article className={styles.card} aria-labelledby="personal-details-title">
          <h3 id="personal-details-title" className={styles.cardTitle}>
            Personal Details
          </h3>
          <dl className={styles.details}>
            <dt>Full Name</dt>
            <dd>{fullName || 'N/A'}</dd>
            <dt>Email</dt>
            <dd>{membership.email || 'N/A'}</dd>
            <dt>Phone</dt>
            <dd>{formatProfilePhone(membership.phone) || 'N/A'}</dd>
            <dt>Address</dt>
            <dd>{membership.address || 'N/A'}</dd>
            <dt>Profession</dt>
            <dd>{membership.profession || 'N/A'}</dd>
          </dl>
        </article>
      </div>
    </>
  );
}
