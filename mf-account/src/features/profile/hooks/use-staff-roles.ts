import { useEffect, useState } from 'react';
import type { StaffRole } from '@tca/contracts';
import { readToken } from '@tca/ui/session';
import { getSession } from '../api/get-session.js';

/**
 * The account's staff roles, from GET /auth/session (identity reads them on every lookup): empty for
 * members, and while or when the lookup fails (the profile's own load reports a session that ended).
 */
export function useStaffRoles(): readonly StaffRole[] {
  const [roles, setRoles] = useState<readonly StaffRole[]>([]);
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const controller = new AbortController();
    void getSession(token, controller.signal).then((result) => {
      if (!controller.signal.aborted && result.kind === 'ok' && result.answer) setRoles(result.answer.roles);
    });
    return () => controller.abort();
  }, []);
  return roles;
}
