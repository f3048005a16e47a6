import { useCallback, useEffect, useState } from 'react';
import { isRejectedToken, type ApiResult } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { translator } from '@tca/ui/i18n';
import { failureText } from './failure-text.js';
import { sharedCatalog } from './messages.js';

export type StaffLoad<T> = { kind: 'loading' } | { kind: 'ready'; answer: T } | { kind: 'failed'; detail: string; status: number | null };

/**
 * One staff GET with the stored session, asked again by `reload` (the answer shown meanwhile stays);
 * a session the server no longer accepts ends the browser session. `call` must be stable (useCallback).
 * `what` names the answer in English ("a ticket"); the Tamil sentence says "the answer" instead.
 */
export function useStaffLoad<T>(call: (token: string, signal: AbortSignal) => Promise<ApiResult<T>>, what: string): { load: StaffLoad<T>; reload: () => void } {
  const [load, setLoad] = useState<StaffLoad<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return;
    }
    const controller = new AbortController();
    void call(token, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (isRejectedToken(result)) {
        void endSession('rejected');
        return;
      }
      if (result.kind !== 'ok') setLoad({ kind: 'failed', detail: failureText(result), status: result.kind === 'http' ? result.status : null });
      else if (!result.answer) setLoad({ kind: 'failed', detail: translator(sharedCatalog)('load.unreadable', { what }), status: result.status });
      else setLoad({ kind: 'ready', answer: result.answer });
    });
    return () => controller.abort();
  }, [call, what, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { load, reload };
}
