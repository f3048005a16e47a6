import { useState } from 'react';
import { exportRollPath } from '../api/members-api.js';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { membersCatalog } from '../messages.js';
import { AsWritten } from '../../../shared/as-written.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import staff from '../../../shared/staff.module.css';

/** Export CSV: the roll of Active members, downloaded through the staff session; what happened said in a live region. */
export function ExportRollButton() {
  const t = useT(membersCatalog);
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const exportRoll = async () => {
    setSaid(null);
    const outcome = await download(exportRollPath, 'members.csv');
    setSaid(outcome.ok ? { tone: 'ok', text: t('export.done', { name: outcome.fileName }) } : { tone: 'error', text: `${t('export.failed')} ${outcome.message}` });
  };
  return (
    <div className={staff.section}>
      <p className={staff.actions}>
        <button type="button" className={staff.secondary} disabled={busy} aria-busy={busy} onClick={() => void exportRoll()}>
          {busy ? t('export.busy') : richText(t('export.button'), { 0: (name) => <AsWritten>{name}</AsWritten> })}
        </button>
      </p>
      <p role="status" className={said?.tone === 'error' ? staff.warn : undefined}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}
