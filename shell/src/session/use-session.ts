import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, SESSION_CHECK_INTERVAL_MS, type LoginUser, type SessionModule } from '@tca/contracts';
import { loadSessionModule } from '../remotes/federation.js';

export interface SessionState {
  user: LoginUser | null;
  /** False until mf-account's session module has loaded (or failed to). */
  known: boolean;
}

/**
 * The stored login session, read through mf-account's session module. Every 60 seconds an expired
 * session is removed and the browser goes to /login (spec §4). If mf-account cannot be loaded the
 * visitor is treated as logged out, so the header still offers Login.
 */
export function useSession(): SessionState {
  const navigate = useNavigate();
  // useNavigate changes with every route; the subscription and the 60 s timer must not.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [state, setState] = useState<SessionState>({ user: null, known: false });

  useEffect(() => {
    let session: SessionModule | undefined;
    let unsubscribe: (() => void) | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let active = true;

    loadSessionModule().then(
      (loaded) => {
        if (!active) return;
        session = loaded;
        const refresh = () => setState({ user: loaded.readUser(), known: true });
        refresh();
        unsubscribe = loaded.subscribe(refresh);
        timer = setInterval(() => {
          if (session?.expireIfDue()) navigateRef.current(paths.login);
        }, SESSION_CHECK_INTERVAL_MS);
      },
      () => active && setState({ user: null, known: true }),
    );

    return () => {
      active = false;
      unsubscribe?.();
      if (timer) clearInterval(timer);
    };
  }, []);

  return state;
}
