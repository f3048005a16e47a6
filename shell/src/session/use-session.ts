import { useEffect, useRef, useState } from 'react';
import { paths, SESSION_CHECK_INTERVAL_MS, type LoginUser } from '@tca/contracts';
import { useNavigate } from '@tca/ui/router';
import { expireIfDue, readUser, subscribe } from '@tca/ui/session';

/**
 * The stored login session (`@tca/ui/session`, read synchronously, so the header's first paint is
 * already right). Every 60 seconds an expired session is removed and the browser goes to /login (spec §4).
 */
export function useSession(): { user: LoginUser | null } {
  const navigate = useNavigate();
  // useNavigate changes with every route; the subscription and the 60 s timer must not.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [user, setUser] = useState<LoginUser | null>(() => readUser());

  useEffect(() => {
    const refresh = () => setUser(readUser());
    refresh();
    const unsubscribe = subscribe(refresh);
    const timer = setInterval(() => {
      if (expireIfDue()) navigateRef.current(paths.login);
    }, SESSION_CHECK_INTERVAL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, []);

  return { user };
}
