import { useState } from 'react';
import { endSession } from '@tca/ui/session-end';
import styles from '../../../shared/account.module.css';

/** Logout (spec §4): ends the session on the server and in the browser, then loads /login. */
export function LogoutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.secondary}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void endSession('logout');
      }}
    >
      {busy ? 'Logging out...' : 'Logout'}
    </button>
  );
}
