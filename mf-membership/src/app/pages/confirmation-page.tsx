import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { tabStorage } from '@tca/ui/session';
import { FamilyForm } from '../../features/dependants/components/family-form.js';
import { familyCatalog } from '../../features/dependants/messages.js';
import { dependantsTarget, rememberDependantsTarget } from '../../shared/dependants-target.js';
import { useLoginSession } from '../../shared/hooks/use-login-session.js';
import { levelName, sharedCatalog, shownText, TEXT } from '../../shared/messages.js';

/**
 * /confirmation (spec §2.3, §4, §5): the spouse and children of a family membership, for the
 * membershipType and userId (the membership's request id) the success page passed on. Without a
 * user id the browser goes to /membership.
 */
export function ConfirmationPage() {
  const t = useT(familyCatalog);
  useT(sharedCatalog);
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
    <Page title={t('page.title')} lead={t('page.lead', { name: levelName(target.membershipType) })}>
      {session ? (
        <FamilyForm key={`${session.user.id}:${target.userId}`} target={target} token={session.token} />
      ) : (
        <Banner tone="info" title={shownText(TEXT.loginBeforeProceeding)}>
          <p>
            {richText(t('page.login'), {
              0: (text) => <Link to={paths.login}>{text}</Link>,
              1: (text) => <Link to={paths.confirmation}>{text}</Link>,
            })}
          </p>
        </Banner>
      )}
    </Page>
  );
}
