import { useState } from 'react';
import { Banner } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { isRejectedToken } from '@tca/ui/api';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { logOutEverywhere } from '../api/log-out-everywhere.js';

/** Beyond the spec: Sign out of all devices, after a confirmation. */
export function SignOutEverywhere() {
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
    setFailure(server ? `Could not sign out of all devices: ${server}` : 'Could not sign out of all devices. Please try again later.');
  };

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>Signed-in devices</h3>
        <p>End your session on every phone, tablet and computer, including this one.</p>
        {failure ? (
          <div className={styles.outcome}>
            <Banner tone="error" title={failure} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.danger} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        Sign out of all devices
      </button>
      {confirming ? (
        <Modal
          title="Sign out of all devices?"
          description="This ends your session everywhere, including this browser. You will need to log in again."
          onClose={() => {
            if (!busy) setConfirming(false);
          }}
          footer={
            <>
              <button type="button" className={accountStyles.secondary} disabled={busy} onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button type="button" className={`tca-button ${accountStyles.primary}`} aria-disabled={busy || undefined} onClick={() => !busy && void signOut()}>
                {busy ? 'Signing out...' : 'Sign out everywhere'}
              </button>
            </>
          }
        />
      ) : null}
    </div>
  );
}
