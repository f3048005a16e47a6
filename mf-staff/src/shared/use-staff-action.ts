import { useCallback, useState } from 'react';
import { isRejectedToken, type ApiResult } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { translator } from '@tca/ui/i18n';
import { failureText } from './failure-text.js';
import { sharedCatalog } from './messages.js';

/** A failure's `status` is the HTTP status (null when no answer came), e.g. to tell a 409 from a 400. */
export type ActionOutcome<T> = { ok: true; answer: T | null } | { ok: false; text: string; status: number | null };

/**
 * Runs staff calls with the stored session: `busy` while one runs; a session the server no longer
 * accepts ends the browser session; a failure comes back as the text to show.
 */
export function useStaffAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(call: (token: string) => Promise<ApiResult<T>>): Promise<ActionOutcome<T>> => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return { ok: false, text: translator(sharedCatalog)('session.ended'), status: null };
    }
    setBusy(true);
    try {
      const result = await call(token);
      if (isRejectedToken(result)) void endSession('rejected');
      if (result.kind === 'ok') return { ok: true, answer: result.answer };
      return { ok: false, text: failureText(result), status: result.kind === 'http' ? result.status : null };
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
