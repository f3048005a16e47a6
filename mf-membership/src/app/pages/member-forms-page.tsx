import { Link, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { tabStorage } from '@tca/ui/session';
import { MemberForm } from '../../features/member-details/components/member-form.js';
import { OrderSummary } from '../../features/member-details/components/order-summary.js';
import { chosenLevel, LEVEL_QUERY } from '../../shared/chosen-level.js';
import { useLoginSession } from '../../shared/hooks/use-login-session.js';
import { TEXT } from '../../shared/messages.js';
import styles from './member-forms-page.module.css';

/**
 * /forms (spec §2.3, §4, §5): the primary member's details for the level chosen on /membership
 * (navigation state, `?level=` or the tab's memory), the order summary, terms and PAY NOW.
 */
export function MemberFormsPage() {
  const location = useLocation();
  const session = useLoginSession();
  const level = chosenLevel(location.state, location.search, tabStorage());

  // Spec §5: member details need a login, so a visitor is asked to log in first, with or without a level.
  if (!session) {
    return (
      <Page title="Member Details" lead={level ? `Your details for the ${level.name} membership.` : undefined}>
        <Banner tone="info" title={TEXT.loginBeforeProceeding}>
          {level ? (
            <p>
              <Link to={paths.login}>Log in</Link> or <Link to={paths.register}>create an account</Link>, then come back to{' '}
              <Link to={`${paths.forms}?${LEVEL_QUERY}=${encodeURIComponent(level.name)}`}>this page</Link>: your choice of {level.name} is kept.
            </p>
          ) : (
            <p>
              <Link to={paths.login}>Log in</Link> or <Link to={paths.register}>create an account</Link>, then{' '}
              <Link to={paths.membership}>choose a membership level</Link>; this page then asks for your details.
            </p>
          )}
        </Banner>
        {level ? (
          <div className={styles.summaryOnly}>
            <OrderSummary level={level} />
          </div>
        ) : null}
      </Page>
    );
  }

  if (!level) {
    return (
      <Page title="Member Details">
        <Banner tone="info" title="Choose a membership first">
          <p>
            <Link to={paths.membership}>See the membership levels</Link> and pick the one you want; this page then asks for your details.
          </p>
        </Banner>
      </Page>
    );
  }

  return (
    <Page title="Member Details" lead={`Your details for the ${level.name} membership. Payment is taken on the card provider's secure page.`}>
      <div className={styles.layout}>
        {/* Keyed by account and level: another login or level starts a fresh form. */}
        <MemberForm key={`${session.user.id}:${level.name}`} level={level} session={session} />
        <OrderSummary level={level} />
      </div>
    </Page>
  );
}
