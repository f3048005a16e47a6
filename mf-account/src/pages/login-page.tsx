import { useEffect, useState } from 'react';
import { Navigate, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { readUser } from '@tca/ui/session';
import { takeFlash } from '@tca/ui/session-end';
import { toast } from '../lib/toasts.js';
import { LoginForm } from './login-form.js';
import { ResetRequestForm } from './reset-request-form.js';
import styles from './account.module.css';

type View = 'login' | 'reset';

/** Links elsewhere (a used reset link) open the card on the reset request with `state: { view: 'reset' }`. */
export interface LoginLocationState {
  view?: View;
}

/**
 * /login (spec §2.3): the login card, which Forgot password switches to the reset-link request and
 * Back to login switches back. A visitor who already has a session is sent home.
 */
export function LoginPage() {
  const location = useLocation();
  // Read once: logging in stores the session, and the page must still show its 2-second message.
  const [hadSession] = useState(() => readUser() !== null);
  const [view, setView] = useState<View>(() => ((location.state as LoginLocationState | null)?.view === 'reset' ? 'reset' : 'login'));
  // Focus follows a switch made on this page, not the first render.
  const [switched, setSwitched] = useState(false);

  useEffect(() => {
    // The message of a logout (or an ended session), kept across the reload that brought us here.
    const flash = takeFlash();
    if (flash) toast(flash.tone, flash.text);
  }, []);

  if (hadSession) return <Navigate to={paths.home} replace />;

  const show = (next: View) => {
    setSwitched(true);
    setView(next);
  };

  return (
    <Page title="Login" lead="Log in to your member account to see your profile and membership.">
      <div className={styles.card}>
        {view === 'login' ? (
          <LoginForm onForgotPassword={() => show('reset')} focusOnMount={switched} />
        ) : (
          <ResetRequestForm onBack={() => show('login')} focusOnMount={switched} />
        )}
      </div>
    </Page>
  );
}
