import { useState } from 'react';
import { Banner } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { isRejectedToken } from '@tca/ui/api';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { logOutEverywhere } from '../api/log-out-everywhere.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';
import { shownText } from '../../../shared/messages.js';

/** Beyond the spec: Sign out of all devices, after a confirmation. */
export function SignOutEverywhere() {
  const t = useT(profileCatalog);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signOut = async () => {
    setBusy(true);
    setFailure(null);
    const result = await logOutEverywhere(readToken());
    if (result.kind === 'ok' || isRejectedToken(result)) {
      await endSession(result.kind === 'ok' ? 'everywhere' : 'rejected');
      return;
    }
    setBusy(false);
    setConfirming(false);
    const server = result.kind === 'http' ? result.error?.message : undefined;
    setFailure(server ? t('devices.failedWith', { reason: shownText(server) }) : t('devices.failed'));
  };

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>{t('devices.title')}</h3>
        <p>{t('devices.lead')}</p>
        {failure ? (
          <div className={styles.outcome}>
            <Banner tone="error" title={failure} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.danger} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        {t('devices.button')}
      </button>
      {confirming ? (
        <Modal
          title={t('devices.confirmTitle')}
          description={t('devices.confirmText')}
          onClose={() => {
            if (!busy) setConfirming(false);
          }}
          footer={
            <>
              <button type="button" className={accountStyles.secondary} disabled={busy} onClick={() => setConfirming(false)}>
                {t('devices.cancel')}
              </button>
              <button type="button" className={`tca-button ${accountStyles.primary}`} aria-disabled={busy || undefined} onClick={() => !busy && void signOut()}>
                {busy ? t('devices.busy') : t('devices.confirm')}
              </button>
            </>
          }
        />
      ) : null}
    </div>
  );
}
