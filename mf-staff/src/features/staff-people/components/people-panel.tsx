import type { StaffMeAnswer } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useStaffList } from '../hooks/use-staff-list.js';
import { InvitationRow } from './invitation-row.js';
import { InviteForm } from './invite-form.js';
import { StaffMemberRow } from './staff-member-row.js';
import styles from '../../../shared/staff.module.css';

/** /staff/people for an owner: invite, the staff with their roles and two-factor status, pending invitations. */
export function PeoplePanel({ me }: { me: StaffMeAnswer }) {
  const { load, reload } = useStaffList();
  return (
    <Page title="Staff and invitations" lead="Who helps run the site, with which roles. A change counts from the person's next request.">
      <p>
        <Link to={paths.staffHome}>Back to the staff area</Link>
      </p>
      <section className={styles.section} aria-labelledby="invite-title">
        <h2 id="invite-title" className={styles.sectionTitle}>
          Invite someone
        </h2>
        <p className={styles.muted}>An existing account gets the roles at once. A new address gets an e-mail with a link that works once, for 72 hours.</p>
        <InviteForm onDone={reload} />
      </section>
      {load.kind === 'loading' ? <Spinner label="Loading the staff..." /> : null}
      {load.kind === 'failed' ? (
        <div role="alert" className={styles.section}>
          <p>
            <strong>The staff list could not be loaded.</strong> {load.detail}
          </p>
          <button type="button" className="tca-button" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <>
          <section className={styles.section} aria-labelledby="staff-title">
            <h2 id="staff-title" className={styles.sectionTitle}>
              Staff ({load.answer.staff.length})
            </h2>
            <ul className={styles.rows}>
              {load.answer.staff.map((member) => (
                <StaffMemberRow key={`${member.user.id}:${member.roles.join(',')}`} member={member} isYou={member.user.id === me.user.id} onChanged={reload} />
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="invitations-title">
            <h2 id="invitations-title" className={styles.sectionTitle}>
              Pending invitations ({load.answer.invitations.length})
            </h2>
            {load.answer.invitations.length === 0 ? (
              <p>No invitations are waiting.</p>
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
