import { useCallback } from 'react';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listStaff } from '../api/list-staff.js';

/** The staff and pending invitations (GET /staff-api/staff); `reload` asks again, keeping the list shown meanwhile. */
export function useStaffList() {
  const call = useCallback((token: string, signal: AbortSignal) => listStaff(token, signal), []);
  return useStaffLoad(call, 'a staff list');
}
