import { useEffect, useRef, useState } from 'react';
import { Banner } from '@tca/ui/forms';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { gatherMyData, myDataFileName, type MyDataExport } from '../my-data-export.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';
import { shownText } from '../../../shared/messages.js';

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
  const t = useT(profileCatalog);
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
    setOutcome({ ok: true, text: t('data.saved', { file: fileName }) });
  };

  useEffect(() => {
    if (outcome && !outcome.ok) failureRef.current?.focus();
  }, [outcome]);

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>{t('data.title')}</h3>
        <p>{t('data.lead')}</p>
        <div role="status" className={outcome?.ok ? styles.outcome : undefined}>
          {outcome?.ok ? outcome.text : null}
        </div>
        {outcome && !outcome.ok ? (
          <div className={styles.outcome}>
            <Banner ref={failureRef} tone="error" title={shownText(outcome.text)} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.secondary} aria-disabled={busy || undefined} onClick={() => void download()}>
        {busy ? t('data.busy') : t('data.button')}
      </button>
    </div>
  );
}
