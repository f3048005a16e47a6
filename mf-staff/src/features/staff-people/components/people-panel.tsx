import type { StaffMeAnswer } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { sharedCatalog } from '../../../shared/messages.js';
import { useStaffList } from '../hooks/use-staff-list.js';
import { peopleCatalog } from '../messages.js';
import { InvitationRow } from './invitation-row.js';
import { InviteForm } from './invite-form.js';
import { StaffMemberRow } from './staff-member-row.js';
import styles from '../../../shared/staff.module.css';

/** /staff/people for an owner: invite, the staff with their roles and two-factor status, pending invitations. */
export function PeoplePanel({ me }: { me: StaffMeAnswer }) {
  const { load, reload } = useStaffList();
  const t = useT(peopleCatalog);
  const shared = useT(sharedCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <p>
        <Link to={paths.staffHome}>{shared('list.back')}</Link>
      </p>
      <section className={styles.section} aria-labelledby="invite-title">
        <h2 id="invite-title" className={styles.sectionTitle}>
          {t('invite.title')}
        </h2>
        <p className={styles.muted}>{t('invite.how')}</p>
        <InviteForm onDone={reload} />
      </section>
      {load.kind === 'loading' ? <Spinner label={t('list.loading')} /> : null}
      {load.kind === 'failed' ? (
        <div role="alert" className={styles.section}>
          <p>
            <strong>{t('list.failed')}</strong> {load.detail}
          </p>
          <button type="button" className="tca-button" onClick={reload}>
            {shared('failure.retry')}
          </button>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <>
          <section className={styles.section} aria-labelledby="staff-title">
            <h2 id="staff-title" className={styles.sectionTitle}>
              {t('list.staff', { n: load.answer.staff.length })}
            </h2>
            <ul className={styles.rows}>
              {load.answer.staff.map((member) => (
                <StaffMemberRow key={`${member.user.id}:${member.roles.join(',')}`} member={member} isYou={member.user.id === me.user.id} onChanged={reload} />
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="invitations-title">
            <h2 id="invitations-title" className={styles.sectionTitle}>
              {t('list.invitations', { n: load.answer.invitations.length })}
            </h2>
            {load.answer.invitations.length === 0 ? (
              <p>{t('list.noInvitations')}</p>
            ) : (
              <ul className={styles.rows}>
                {load.answer.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} onChanged={reload} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </Page>
  );
}
