import { useCallback, useState } from 'react';
import type { FetchLike } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { translator } from '@tca/ui/i18n';
import { endSession } from '@tca/ui/session-end';
import { sharedCatalog } from './messages.js';

export type FileResult = { ok: true; blob: Blob; disposition: string | null } | { ok: false; status: number | null; message: string };

/**
 * A file behind the staff Authorization header (a CSV export, an uploaded document): a plain link cannot
 * send the header, so it is fetched and handed to the browser as a blob URL.
 */
export async function fetchStaffFile(token: string, path: string, fetchImpl: FetchLike = (input, init) => fetch(input, init)): Promise<FileResult> {
  try {
    const res = await fetchImpl(path, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      return { ok: false, status: res.status, message: typeof body?.message === 'string' ? body.message : translator(sharedCatalog)('file.status', { status: res.status }) };
    }
    return { ok: true, blob: await res.blob(), disposition: res.headers.get('content-disposition') };
  } catch {
    return { ok: false, status: null, message: translator(sharedCatalog)('file.offline') };
  }
}

/** The file name a Content-Disposition header gives (filename="…"), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

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
 * Downloads a staff file (the members roll, a member's document, the revenue CSV) with the stored session:
 * `busy` meanwhile; a session the server no longer accepts ends the browser session.
 */
export function useStaffFile() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (path: string, fallbackName: string): Promise<FileOutcome> => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return { ok: false, message: translator(sharedCatalog)('session.ended') };
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
