import { useCallback, useEffect, useState } from 'react';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { getStaffMe } from '../api/get-staff-me.js';
import { staffAccessOf, type StaffAccess } from '../staff-access.js';

/** Asks GET /staff-api/me with the stored session (none: signed out); `retry` asks again. */
export function useStaffAccess(): { access: StaffAccess; retry: () => void } {
  const [access, setAccess] = useState<StaffAccess>(() => (readToken() ? { kind: 'checking' } : { kind: 'signed-out' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const token = readToken();
    if (!token) {
      setAccess({ kind: 'signed-out' });
      return;
    }
    const controller = new AbortController();
    setAccess({ kind: 'checking' });
    void getStaffMe(token, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const next = staffAccessOf(result);
      if (next.kind === 'rejected') void endSession('rejected');
      setAccess(next);
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { access, retry };
}
