import type { ReactNode } from 'react';
import { hasStaffRole, paths, type StaffMeAnswer, type StaffRole } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { knownText } from '../../../shared/known-text.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { rolesEither } from '../../../shared/roles.js';
import { accessCatalog } from '../messages.js';
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
  const t = useT(accessCatalog);
  useT(sharedCatalog);
  switch (access.kind) {
    case 'checking':
    case 'rejected':
      return (
        <Page title={t('gate.title')}>
          <Spinner label={t('gate.checking')} />
        </Page>
      );
    case 'signed-out':
      return (
        <GatePage title={t('gate.signIn')} lead={t('gate.signInLead')} action={{ to: paths.login, label: t('gate.toLogin') }}>
          <p>{richText(t('gate.signInHow'), { 0: (path) => <strong>{path}</strong> })}</p>
        </GatePage>
      );
    case 'second-factor':
      return <GatePage title={t('gate.signIn')} lead={knownText(access.message, sharedCatalog)} action={{ to: paths.profile, label: t('gate.toProfile') }} />;
    case 'not-staff':
      return (
        <GatePage title={t('gate.notStaff')} action={{ to: paths.home, label: t('gate.toHome') }}>
          <p>{t('gate.noRole')}</p>
        </GatePage>
      );
    case 'failed':
      return (
        <GatePage title={t('gate.title')} action={{ onClick: retry, label: t('gate.retry') }}>
          <div role="alert">
            <p>
              <strong>{t('gate.failed')}</strong> {access.detail}
            </p>
          </div>
        </GatePage>
      );
    case 'staff':
      if (roles.length > 0 && !hasStaffRole(access.me.roles, roles)) {
        return (
          <GatePage title={t('gate.notYours')} action={{ to: paths.staffHome, label: t('gate.toStaff') }}>
            <p>{t('gate.needsRole', { roles: rolesEither(roles) })}</p>
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
