import { useCallback, useEffect, useState } from 'react';
import type { StaffListAnswer } from '@tca/contracts';
import { isRejectedToken } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { failureText } from '../../../shared/failure-text.js';
import { listStaff } from '../api/list-staff.js';

export type StaffListLoad = { kind: 'loading' } | { kind: 'ready'; list: StaffListAnswer } | { kind: 'failed'; detail: string };

/** The staff and pending invitations (GET /staff-api/staff); `reload` asks again, keeping the list shown meanwhile. */
export function useStaffList(): { load: StaffListLoad; reload: () => void } {
  const [load, setLoad] = useState<StaffListLoad>({ kind: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return;
    }
    const controller = new AbortController();
    void listStaff(token, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (isRejectedToken(result)) {
        void endSession('rejected');
        return;
      }
      if (result.kind !== 'ok') setLoad({ kind: 'failed', detail: failureText(result) });
      else if (!result.answer) setLoad({ kind: 'failed', detail: 'The server sent a staff list this page does not understand.' });
      else setLoad({ kind: 'ready', list: result.answer });
    });
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { load, reload };
}
