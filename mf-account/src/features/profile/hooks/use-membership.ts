import { useEffect, useState } from 'react';
import { isRejectedToken } from '@tca/ui/api';
import { endSession } from '@tca/ui/session-end';
import { readToken } from '@tca/ui/session';
import { getMembership } from '../api/get-membership.js';
import { firstMembership, type ProfileMembership } from '../membership.js';
import { loadFailureDetail } from '../profile-outcomes.js';

export type MembershipLoad = { kind: 'loading' } | { kind: 'ready'; membership: ProfileMembership | null } | { kind: 'failed'; detail: string };

/**
 * The member's membership, from POST /membership/get with the session token. A token the server no
 * longer accepts (or none at all) logs the browser out; any other failure says what went wrong.
 */
export function useMembership(email: string): MembershipLoad {
  const [load, setLoad] = useState<MembershipLoad>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    const token = readToken();
    if (!token) {
      // A stored user without its token cannot be the member's session any more.
      void endSession('rejected');
      return;
    }
    void getMembership(email, token).then((result) => {
      if (!active) return;
      if (isRejectedToken(result)) {
        void endSession('rejected');
        return;
      }
      if (result.kind !== 'ok') {
        const detail = loadFailureDetail(result);
        console.error('Failed to load profile data:', detail);
        setLoad({ kind: 'failed', detail });
        return;
      }
      try {
        setLoad({ kind: 'ready', membership: firstMembership(result.body) });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        console.error('Failed to load profile data:', detail);
        setLoad({ kind: 'failed', detail });
      }
    });
    return () => {
      active = false;
    };
  }, [email]);

  return load;
}
