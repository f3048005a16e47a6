import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { tabStorage } from '@tca/ui/session';
import { FamilyForm } from '../../features/dependants/components/family-form.js';
import { dependantsTarget, rememberDependantsTarget } from '../../shared/dependants-target.js';
import { useLoginSession } from '../../shared/hooks/use-login-session.js';
import { TEXT } from '../../shared/messages.js';

/**
 * /confirmation (spec §2.3, §4, §5): the spouse and children of a family membership, for the
 * membershipType and userId (the membership's request id) the success page passed on. Without a
 * user id the browser goes to /membership.
 */
export function ConfirmationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useLoginSession();
  const target = useMemo(() => dependantsTarget(location.state, tabStorage()), [location.state]);

  useEffect(() => {
    if (!target) navigate(paths.membership, { replace: true });
    // Kept in the tab, so a reload (or a detour to log in) keeps the form's target.
    else rememberDependantsTarget(tabStorage(), target);
  }, [target, navigate]);

  if (!target) return null;

  return (
    <Page title="Family Details" lead={`Add your spouse and children to your ${target.membershipType} membership.`}>
      {session ? (
        <FamilyForm key={`${session.user.id}:${target.userId}`} target={target} token={session.token} />
      ) : (
        <Banner tone="info" title={TEXT.loginBeforeProceeding}>
          <p>
            <Link to={paths.login}>Log in</Link>, then come back to <Link to={paths.confirmation}>this page</Link> to add your family.
          </p>
        </Banner>
      )}
    </Page>
  );
}
