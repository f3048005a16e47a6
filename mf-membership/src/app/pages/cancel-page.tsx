import { useEffect } from 'react';
import { Link, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { readToken, tabStorage } from '@tca/ui/session';
import { abandonCheckoutSession } from '../../features/checkout/api/abandon-checkout-session.js';
import { checkoutCatalog } from '../../features/checkout/messages.js';
import { cancelledCheckoutId } from '../../features/checkout/payment-outcome.js';
import { forgetLevel } from '../../shared/chosen-level.js';
import { sharedCatalog, shownText, TEXT } from '../../shared/messages.js';
import styles from './result-page.module.css';

/**
 * /cancel (spec §2.3, §4 step 7, §8): the visitor left the provider's checkout without paying. The
 * order is marked abandoned on the server (best effort: the provider's own expiry ends it anyway)
 * and the chosen level is forgotten.
 */
export function CancelPage() {
  const t = useT(checkoutCatalog);
  useT(sharedCatalog);
  const location = useLocation();

  useEffect(() => {
    forgetLevel(tabStorage());
    const id = cancelledCheckoutId(location.search);
    if (!id) return;
    const controller = new AbortController();
    void abandonCheckoutSession(id, readToken(), controller.signal).then((result) => {
      if (result.kind !== 'ok' && !controller.signal.aborted) console.warn('The cancelled checkout could not be marked abandoned', result);
    });
    return () => controller.abort();
  }, [location.search]);

  return (
    <Page title={shownText(TEXT.paymentCancelled)} lead={shownText(TEXT.cancelledDetail)}>
      <div className={styles.card}>
        <p>{t('cancel.text')}</p>
        <div className={styles.actions}>
          <Link to={paths.home} className="tca-button">
            {t('home')}
          </Link>
          <Link to={paths.membership} className={styles.secondary}>
            {t('cancel.levels')}
          </Link>
        </div>
      </div>
    </Page>
  );
}
