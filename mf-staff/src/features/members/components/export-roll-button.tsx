import { useState } from 'react';
import { exportRollPath } from '../api/members-api.js';
import { DESK_TEXTS } from '../members-desk.js';
import { useStaffFile } from '../../../shared/use-staff-file.js';
import staff from '../../../shared/staff.module.css';

/** Export CSV: the roll of Active members, downloaded through the staff session; what happened said in a live region. */
export function ExportRollButton() {
  const { busy, download } = useStaffFile();
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const exportRoll = async () => {
    setSaid(null);
    const outcome = await download(exportRollPath, 'members.csv');
    setSaid(outcome.ok ? { tone: 'ok', text: DESK_TEXTS.exported(outcome.fileName) } : { tone: 'error', text: `${DESK_TEXTS.exportFailed} ${outcome.message}` });
  };
  return (
    <div className={staff.section}>
      <p className={staff.actions}>
        <button type="button" className={staff.secondary} disabled={busy} aria-busy={busy} onClick={() => void exportRoll()}>
          {busy ? DESK_TEXTS.exporting : DESK_TEXTS.exportButton}
        </button>
      </p>
      <p role="status" className={said?.tone === 'error' ? staff.warn : undefined}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}
