import { useEffect, useState } from 'react';
import { browserStorage, readLoginSession, SESSION_CHANGE_EVENT, type LoginSession } from '@tca/ui/session';

/** The stored login session, kept current when it changes in this tab or another. */
export function useLoginSession(): LoginSession | null {
  const [session, setSession] = useState<LoginSession | null>(() => readLoginSession(browserStorage()));
  useEffect(() => {
    const update = () => setSession(readLoginSession(browserStorage()));
    window.addEventListener(SESSION_CHANGE_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(SESSION_CHANGE_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return session;
}
