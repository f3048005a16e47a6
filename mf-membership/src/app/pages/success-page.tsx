import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { readToken, tabStorage } from '@tca/ui/session';
import { getCheckoutSession } from '../../features/checkout/api/get-checkout-session.js';
import { checkoutSessionId, successOutcome } from '../../features/checkout/payment-outcome.js';
import { forgetLevel } from '../../shared/chosen-level.js';
import { rememberDependantsTarget } from '../../shared/dependants-target.js';
import { TEXT } from '../../shared/messages.js';
import { toast } from '../../shared/toasts.js';
import styles from './result-page.module.css';

type State = 'checking' | 'not-paid' | 'error';

/**
 * /success (spec §4 step 6): reads session_id and looks the Checkout Session up. Paid → 'Payment
 * successful!' and /confirmation (family levels, with membershipType and userId) or /; not paid →
 * 'Payment Failed.'; a failed lookup → the error toast. The server records the membership itself
 * from the paid session, so nothing is posted from here.
 */
export function SuccessPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    const id = checkoutSessionId(location.search);
    if (!id) {
      toast('error', TEXT.errorOccurred);
      setState('error');
      return;
    }
    setState('checking');
    const controller = new AbortController();
    void getCheckoutSession(id, readToken(), controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const outcome = successOutcome(result);
      if (outcome.kind === 'not-paid') {
        setState('not-paid');
        return;
      }
      // The chosen level is no longer needed, whatever happened (spec: "the stored data is removed").
      forgetLevel(tabStorage());
      if (outcome.kind === 'lookup-failed') {
        toast('error', TEXT.errorOccurred);
        setState('error');
        return;
      }
      toast('success', TEXT.paymentSuccessful);
      if (outcome.next.path === '/confirmation') {
        rememberDependantsTarget(tabStorage(), outcome.next.dependants);
        navigate(paths.confirmation, { replace: true, state: outcome.next.dependants });
      } else {
        navigate(paths.home, { replace: true });
      }
    });
    return () => controller.abort();
  }, [location.search, navigate]);

  return (
    <Page title="Payment">
      <div className={styles.card}>
        {state === 'checking' ? (
          <p className={styles.checking} role="status">
            <span className={styles.ring} aria-hidden="true" />
            Checking your payment…
          </p>
        ) : null}
        {state === 'not-paid' ? (
          <Banner tone="error" title={TEXT.paymentFailed}>
            <p>Your card was not charged. You can try again from the membership page.</p>
          </Banner>
        ) : null}
        {state === 'error' ? (
          <Banner tone="error" title={TEXT.errorOccurred}>
            <p>We could not confirm your payment. If you were charged, your profile shows the membership once it is recorded.</p>
          </Banner>
        ) : null}
        {state !== 'checking' ? (
          <div className={styles.actions}>
            <Link to={paths.membership} className="tca-button">
              Back to Membership
            </Link>
            <Link to={paths.home} className={styles.secondary}>
              Go to Home
            </Link>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
