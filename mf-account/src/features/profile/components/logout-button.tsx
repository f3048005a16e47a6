import { useState } from 'react';
import { endSession } from '@tca/ui/session-end';
import styles from '../../../shared/account.module.css';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

/** Logout (spec §4): ends the session on the server and in the browser, then loads /login. */
export function LogoutButton() {
  const t = useT(profileCatalog);
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
      {busy ? t('logout.busy') : t('logout')}
    </button>
  );
}
