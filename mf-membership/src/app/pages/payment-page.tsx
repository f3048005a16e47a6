import { useRef, useState } from 'react';
import { DEMO_PRODUCT } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useLang, useT } from '@tca/ui/i18n';
import { formatAud, formatNumber } from '@tca/ui/i18n/format';
import { readUser } from '@tca/ui/session';
import cover from '../../assets/stubborn-attachments-cover.svg';
import { createDemoCheckoutSession } from '../../features/checkout/api/create-demo-checkout-session.js';
import { checkoutCatalog } from '../../features/checkout/messages.js';
import { isRedirectUrl } from '../../shared/checkout-redirect.js';
import { useLater } from '../../shared/hooks/use-later.js';
import { sharedCatalog, shownText, TEXT, TIMING } from '../../shared/messages.js';
import styles from './payment-page.module.css';

type State = 'idle' | 'processing' | 'failed';

/**
 * The demo checkout (spec §2.3, §4): one book for $20.00. Checkout → 'Processing...' (disabled)
 * while the session is created, then the provider's page 1 s later; a failure is logged, the
 * button returns to idle and the §8 alert shows in the page.
 */
export function PaymentPage() {
  const t = useT(checkoutCatalog);
  useT(sharedCatalog);
  const lang = useLang();
  const { later } = useLater();
  const [state, setState] = useState<State>('idle');
  const alertRef = useRef<HTMLDivElement>(null);

  const checkout = async () => {
    if (state === 'processing') return;
    setState('processing');
    const email = readUser()?.email;
    const result = await createDemoCheckoutSession({
      productName: DEMO_PRODUCT.name,
      price: DEMO_PRODUCT.amt,
      quantity: DEMO_PRODUCT.quantity,
      ...(email ? { customerEmail: email } : {}),
    });
    const url = result.kind === 'ok' ? result.answer?.url : undefined;
    if (url && isRedirectUrl(url)) {
      later(() => window.location.assign(url), TIMING.checkoutRedirect);
      return;
    }
    console.error('Demo checkout failed', result);
    setState('failed');
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const processing = state === 'processing';
  return (
    <Page title={t('pay.title')} lead={t('pay.lead')}>
      <div className={styles.product}>
        <img className={styles.cover} src={cover} alt={t('pay.cover')} width={400} height={600} />
        <div className={styles.details}>
          {/* The book's title is its own (English). */}
          <h2 className={styles.title} lang="en">
            {DEMO_PRODUCT.name}
          </h2>
          <p className={styles.price}>{formatAud(DEMO_PRODUCT.amt, lang)}</p>
          <p className={styles.quantity}>{t('pay.quantity', { n: formatNumber(DEMO_PRODUCT.quantity, lang) })}</p>
          {state === 'failed' ? <Banner ref={alertRef} tone="error" title={shownText(TEXT.somethingWrong)} /> : null}
          <button type="button" className={`tca-button ${styles.checkout}`} disabled={processing} aria-busy={processing} onClick={() => void checkout()}>
            {processing ? t('pay.processing') : t('pay.button')}
          </button>
        </div>
      </div>
    </Page>
  );
}
