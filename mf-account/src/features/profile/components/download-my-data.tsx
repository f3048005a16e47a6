import { useEffect, useRef, useState } from 'react';
import { Banner } from '@tca/ui/forms';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { gatherMyData, myDataFileName, type MyDataExport } from '../my-data-export.js';

/** Offers a JSON file to the browser as a download. */
function saveJson(data: MyDataExport, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Beyond the spec: Download my data, as one JSON file. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const download = async () => {
    const token = readToken();
    if (busy) return;
    if (!token) {
      await endSession('rejected');
      return;
    }
    setBusy(true);
    setOutcome(null);
    const result = await gatherMyData(token);
    if (result.kind === 'rejected') {
      await endSession('rejected');
      return;
    }
    setBusy(false);
    if (result.kind === 'failed') {
      setOutcome({ ok: false, text: result.message });
      return;
    }
    const fileName = myDataFileName(new Date(result.data.exportedAt));
    saveJson(result.data, fileName);
    setOutcome({ ok: true, text: `Your data was saved as ${fileName}.` });
  };

  useEffect(() => {
    if (outcome && !outcome.ok) failureRef.current?.focus();
  }, [outcome]);

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>Your data</h3>
        <p>Download everything we hold about you: your account, memberships, support tickets with their conversations and the messages you sent while logged in.</p>
        <div role="status" className={outcome?.ok ? styles.outcome : undefined}>
          {outcome?.ok ? outcome.text : null}
        </div>
        {outcome && !outcome.ok ? (
          <div className={styles.outcome}>
            <Banner ref={failureRef} tone="error" title={outcome.text} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.secondary} aria-disabled={busy || undefined} onClick={() => void download()}>
        {busy ? 'Preparing your data...' : 'Download my data'}
      </button>
    </div>
  );
}
