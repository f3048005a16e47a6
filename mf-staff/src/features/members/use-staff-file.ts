import { useCallback, useState } from 'react';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { fetchStaffFile } from './api/members-api.js';
import { fileNameOf } from './members-desk.js';

export type FileOutcome = { ok: true; fileName: string } | { ok: false; message: string };

/** Hands a fetched blob to the browser as a download named `fileName` (a blob URL, revoked after the click). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a staff file (the roll, a member's document) with the stored session: `busy` meanwhile; a
 * session the server no longer accepts ends the browser session.
 */
export function useStaffFile() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (path: string, fallbackName: string): Promise<FileOutcome> => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return { ok: false, message: 'Your session has ended. Please log in again.' };
    }
    setBusy(true);
    try {
      const result = await fetchStaffFile(token, path);
      if (!result.ok) {
        if (result.status === 401) void endSession('rejected');
        return { ok: false, message: result.message };
      }
      const fileName = fileNameOf(result.disposition, fallbackName);
      saveBlob(result.blob, fileName);
      return { ok: true, fileName };
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
