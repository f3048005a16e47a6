import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation } from '@tca/ui/router';
import { paths, type LoginSecondFactorAnswer } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { readUser } from '@tca/ui/session';
import { useT } from '@tca/ui/i18n';
import { flashText, takeFlash } from '@tca/ui/session-end';
import { LoginForm } from '../../features/login/components/login-form.js';
import { loginCatalog } from '../../features/login/messages.js';
import { ResetRequestForm } from '../../features/login/components/reset-request-form.js';
import type { LoginLocationState, LoginView } from '../../shared/login-location-state.js';
import { toast } from '../../shared/toasts.js';
import styles from '../../shared/account.module.css';

// A staff account's second step (issue 14) loads only when a login answer asks for it: members never fetch it.
const SecondFactorStep = lazy(() =>
  import(/* webpackChunkName: "login-second-factor" */ '../../features/login/components/second-factor-step.js').then((m) => ({ default: m.SecondFactorStep })),
);

/**
 * /login (spec §2.3): the login card, which Forgot password switches to the reset-link request and
 * Back to login switches back. A visitor who already has a session is sent home. For an account with a
 * staff role the right password leads to the card's second step (issue 14), which can send it back here
 * with a message (the sign-in ended).
 */
export function LoginPage() {
  const t = useT(loginCatalog);
  const location = useLocation();
  // Read once: logging in stores the session, and the page must still show its 2-second message.
  const [hadSession] = useState(() => readUser() !== null);
  const [view, setView] = useState<LoginView>(() => ((location.state as LoginLocationState | null)?.view === 'reset' ? 'reset' : 'login'));
  // Focus follows a switch made on this page, not the first render.
  const [switched, setSwitched] = useState(false);
  const [secondStep, setSecondStep] = useState<LoginSecondFactorAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Back from the second step the e-mail is filled in again (only the password is asked again).
  const [email, setEmail] = useState('');

  const restart = useCallback((text: string | null) => {
    setSwitched(true);
    setNotice(text);
    setSecondStep(null);
  }, []);

  useEffect(() => {
    // The message of a logout (or an ended session), kept across the reload that brought us here.
    const flash = takeFlash();
    if (flash) toast(flash.tone, flashText(flash).text);
  }, []);

  if (hadSession) return <Navigate to={paths.home} replace />;

  const show = (next: LoginView) => {
    setSwitched(true);
    setNotice(null);
    setView(next);
  };

  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <div className={styles.card}>
        {secondStep ? (
          <Suspense fallback={<Spinner label={t('page.nextStep')} />}>
            <SecondFactorStep step={secondStep} onRestart={restart} />
          </Suspense>
        ) : view === 'login' ? (
          <LoginForm
            onForgotPassword={() => show('reset')}
            focusOnMount={switched}
            onSecondFactor={(step, typed) => {
              setEmail(typed);
              setSecondStep(step);
            }}
            notice={notice}
            email={email}
          />
        ) : (
          <ResetRequestForm onBack={() => show('login')} focusOnMount={switched} />
        )}
      </div>
    </Page>
  );
}
