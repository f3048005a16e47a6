import { useEffect, useState } from 'react';
import type { LoginSession } from '@tca/ui/session';
import { fetchHeld, settledHeld } from '../held-memberships.js';
import type { HeldMembership } from '../offered-levels.js';

/** What the membership page knows of the member's memberships. */
export type Held = { state: 'none' } | { state: 'loading'; done: Promise<HeldMembership[]> } | { state: 'loaded'; records: HeldMembership[] };

/**
 * The logged-in member's memberships (nothing for a visitor). Ready on the first render when the
 * page's `prepare` looked them up behind the shell's loader; otherwise looked up now.
 */
export function useHeldMemberships(session: LoginSession | null): Held {
  const [held, setHeld] = useState<Held>(() => {
    const records = session ? settledHeld(session.token) : undefined;
    return records ? { state: 'loaded', records } : { state: 'none' };
  });
  const token = session?.token ?? null;
  const email = session?.user.email ?? null;

  useEffect(() => {
    if (!token) {
      setHeld({ state: 'none' });
      return;
    }
    let active = true;
    const records = settledHeld(token);
    if (records) {
      setHeld((previous) => (previous.state === 'loaded' && previous.records === records ? previous : { state: 'loaded', records }));
      return;
    }
    const done = fetchHeld(token, email);
    setHeld({ state: 'loading', done });
    void done.then((loaded) => {
      if (active) setHeld({ state: 'loaded', records: loaded });
    });
    return () => {
      active = false;
    };
  }, [token, email]);

  return held;
}
