import type { ReactNode } from 'react';
import { hasStaffRole, paths, STAFF_ROLE_LABELS, type StaffMeAnswer, type StaffRole } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { useStaffAccess } from '../hooks/use-staff-access.js';
import type { StaffAccess } from '../staff-access.js';
import styles from '../../../shared/staff.module.css';

interface StaffGateProps {
  /** The roles the page needs (an owner has them all); none: any staff role. */
  roles?: readonly StaffRole[];
  children: (me: StaffMeAnswer) => ReactNode;
}

/**
 * What every staff page shows before its own content: the sign-in explanation for a visitor, "this area
 * is for the association's staff" for a member without a role, a Try again for a failed check, and the
 * page itself (`children`) for a staff member whose roles it needs. The server checks every call anyway.
 */
export function StaffGate({ roles = [], children }: StaffGateProps) {
  const { access, retry } = useStaffAccess();
  return <StaffAccessView access={access} retry={retry} roles={roles}>{children}</StaffAccessView>;
}

/** What StaffGate shows for each access. */
export function StaffAccessView({ access, retry, roles = [], children }: StaffGateProps & { access: StaffAccess; retry: () => void }) {
  switch (access.kind) {
    case 'checking':
    case 'rejected':
      return (
        <Page title="Staff area">
          <Spinner label="Checking your staff access..." />
        </Page>
      );
    case 'signed-out':
      return (
        <GatePage title="Staff sign-in" lead="The staff area is where the association's staff run the site." action={{ to: paths.login, label: 'Go to the login page' }}>
          <p>
            Sign in with your staff account on the login page: after your password you will be asked for the code from your authenticator app. Then come back to this
            page, <strong>/staff</strong>.
          </p>
        </GatePage>
      );
    case 'second-factor':
      return <GatePage title="Staff sign-in" lead={access.message} action={{ to: paths.profile, label: 'Go to your profile to log out' }} />;
    case 'not-staff':
      return (
        <GatePage title="This area is for the association's staff" action={{ to: paths.home, label: 'Back to the home page' }}>
          <p>Your account has no staff role. If you help run the association and should have one, ask one of the site&apos;s owners to give it to you.</p>
        </GatePage>
      );
    case 'failed':
      return (
        <GatePage title="Staff area" action={{ onClick: retry, label: 'Try again' }}>
          <div role="alert">
            <p>
              <strong>Your staff access could not be checked.</strong> {access.detail}
            </p>
          </div>
        </GatePage>
      );
    case 'staff':
      if (roles.length > 0 && !hasStaffRole(access.me.roles, roles)) {
        return (
          <GatePage title="Not one of your areas" action={{ to: paths.staffHome, label: 'Back to the staff area' }}>
            <p>This page needs the role {roles.map((role) => STAFF_ROLE_LABELS[role]).join(' or ')}, which your account does not have.</p>
          </GatePage>
        );
      }
      return <>{children(access.me)}</>;
  }
}

type GateAction = { label: string } & ({ to: string } | { onClick: () => void });

/** One of the gate's pages: its title (and lead), what it says, and the one thing to do next (a link or a button). */
function GatePage({ title, lead, action, children }: { title: string; lead?: string; action: GateAction; children?: ReactNode }) {
  return (
    <Page title={title} lead={lead}>
      {children}
      <p className={styles.actions}>
        {'to' in action ? (
          <Link to={action.to} className="tca-button">
            {action.label}
          </Link>
        ) : (
          <button type="button" className="tca-button" onClick={action.onClick}>
            {action.label}
          </button>
        )}
      </p>
    </Page>
  );
}
