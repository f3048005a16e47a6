import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { readToken, tabStorage } from '@tca/ui/session';
import { getCheckoutSession } from '../../features/checkout/api/get-checkout-session.js';
import { checkoutCatalog } from '../../features/checkout/messages.js';
import { checkoutSessionId, successOutcome } from '../../features/checkout/payment-outcome.js';
import { forgetLevel } from '../../shared/chosen-level.js';
import { rememberDependantsTarget } from '../../shared/dependants-target.js';
import { sharedCatalog, shownText, TEXT } from '../../shared/messages.js';
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
  const t = useT(checkoutCatalog);
  useT(sharedCatalog);
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
    <Page title={t('done.title')}>
      <div className={styles.card}>
        {state === 'checking' ? (
          <p className={styles.checking} role="status">
            <span className={styles.ring} aria-hidden="true" />
            {t('done.checking')}
          </p>
        ) : null}
        {state === 'not-paid' ? (
          <Banner tone="error" title={shownText(TEXT.paymentFailed)}>
            <p>{t('done.notPaid')}</p>
          </Banner>
        ) : null}
        {state === 'error' ? (
          <Banner tone="error" title={shownText(TEXT.errorOccurred)}>
            <p>{t('done.error')}</p>
          </Banner>
        ) : null}
        {state !== 'checking' ? (
          <div className={styles.actions}>
            <Link to={paths.membership} className="tca-button">
              {t('done.back')}
            </Link>
            <Link to={paths.home} className={styles.secondary}>
              {t('home')}
            </Link>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
