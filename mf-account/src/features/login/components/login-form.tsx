import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from '@tca/ui/router';
import { paths, type LoginRequest, type LoginSecondFactorAnswer } from '@tca/contracts';
import { Banner, PasswordField, TextField } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { shownText } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import styles from '../../../shared/account.module.css';
import { logIn } from '../api/log-in.js';
import { loadLoginChecks } from '../load-login-checks.js';
import { loginFailureText } from '../login-outcomes.js';
import { LOGIN_TEXT } from '../login-texts.js';
import { loginCatalog } from '../messages.js';
import { storeLogin } from '../store-login.js';

/** Spec §8/§9: after 'Login successful!' the browser goes to / after 2 seconds. */
export const LOGIN_REDIRECT_MS = 2000;

interface LoginFormProps {
  onForgotPassword: () => void;
  focusOnMount: boolean;
  /** A staff account's right password (issue 14): the card goes on to the second step (with the e-mail, to fill in again if it comes back). */
  onSecondFactor: (step: LoginSecondFactorAnswer, email: string) => void;
  /** Why the card is back at the password step (a second step that ended), shown above the fields. */
  notice?: string | null;
  /** The e-mail already typed (back from a second step): filled in, and focus goes to the password. */
  email?: string;
}

const resolver: Resolver<LoginRequest> = async (values, context, options) => (await loadLoginChecks()).loginResolver(values, context, options);

/** The login form: §5 messages as 3-second toasts (and under their fields), §8 texts for the answer. */
export function LoginForm({ onForgotPassword, focusOnMount, onSecondFactor, notice, email = '' }: LoginFormProps) {
  const t = useT(loginCatalog);
  const navigate = useNavigate();
  const [loggedIn, setLoggedIn] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver, defaultValues: { email, password: '' } });
  const firstEmpty = email ? 'password' : 'email';

  useEffect(() => {
    if (focusOnMount) setFocus(firstEmpty);
  }, [focusOnMount, setFocus, firstEmpty]);

  useEffect(() => {
    if (!loggedIn) return;
    const timer = setTimeout(() => navigate(paths.home), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loggedIn, navigate]);

  const onValid = async (values: LoginRequest) => {
    const result = await logIn(values);
    if (result.kind === 'ok' && result.answer) {
      const { needsSecondFactor } = await loadLoginChecks();
      if (needsSecondFactor(result.answer)) {
        onSecondFactor(result.answer, values.email);
        return;
      }
      await storeLogin(result.answer);
      toast('success', LOGIN_TEXT.loginSuccess);
      setLoggedIn(true);
      return;
    }
    toast('error', result.kind === 'ok' ? LOGIN_TEXT.somethingWrong : loginFailureText(result));
  };

  const onInvalid = (invalid: FieldErrors<LoginRequest>) => {
    for (const field of ['email', 'password'] as const) {
      const message = invalid[field]?.message;
      if (message) toast('error', message);
    }
  };

  const busy = isSubmitting || loggedIn;
  return (
    <form
      noValidate
      aria-labelledby="login-form-title"
      aria-busy={isSubmitting}
      onFocus={() => void loadLoginChecks()}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void handleSubmit(onValid, onInvalid)(event);
      }}
    >
      <h2 id="login-form-title" className={styles.cardTitle}>
        {t('form.title')}
      </h2>
      <p className={styles.cardLead}>{t('form.lead')}</p>
      {notice ? <Banner tone="error" title={shownText(notice)} /> : null}
      <div className={styles.stack}>
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          registration={register('email')}
          error={shownText(errors.email?.message)}
        />
        <PasswordField
          label={t('form.password')}
          autoComplete="current-password"
          required
          registration={register('password')}
          error={shownText(errors.password?.message)}
        />
      </div>
      <div className={styles.between}>
        <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
          {t('form.forgot')}
        </button>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {isSubmitting ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
      {loggedIn ? (
        <p className={styles.note} role="status">
          {t('form.redirecting')}
        </p>
      ) : null}
      <p className={styles.alt}>
        {richText(t('form.noAccount'), { 0: (text) => <Link to={paths.register}>{text}</Link> })}
      </p>
    </form>
  );
}
