import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Banner, PasswordField } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { foreignText, shownText } from '../../../shared/messages.js';
import type { LoginLocationState } from '../../../shared/login-location-state.js';
import styles from '../../../shared/account.module.css';
import { resetPassword } from '../api/reset-password.js';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../reset-password-form-schema.js';
import { resetPasswordOutcome, type ResetPasswordOutcome } from '../reset-password-outcome.js';
import { resetPasswordCatalog } from '../messages.js';

/** Spec §4/§9: after 'Password reset successfully!' the browser goes to /login after 1.5 seconds. */
export const RESET_REDIRECT_MS = 1500;

const NEW_REQUEST_STATE: LoginLocationState = { view: 'reset' };

/**
 * The reset-password form for the token of a link (spec §2.3, §4, §5, §8): New Password, Confirm
 * Password and Submit. A link that was used already or has expired says so and offers a new request.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT(resetPasswordCatalog);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<ResetPasswordOutcome | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = setTimeout(() => navigate(paths.login), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  useEffect(() => {
    // A keyboard or screen-reader user lands on the outcome.
    if (outcome && !outcome.ok) bannerRef.current?.focus();
  }, [outcome]);

  const onValid = async (form: ResetPasswordFormValues) => {
    setOutcome(null);
    const result = await resetPassword({ token, password: form.password });
    setOutcome(resetPasswordOutcome(result));
  };

  const done = outcome?.ok === true;
  const linkInvalid = outcome?.linkInvalid === true;
  return (
    <div className={styles.card}>
      <form
        noValidate
        aria-labelledby="reset-password-title"
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          if (isSubmitting || done || linkInvalid) event.preventDefault();
          else void handleSubmit(onValid)(event);
        }}
      >
        <h2 id="reset-password-title" className={styles.cardTitle}>
          {t('form.title')}
        </h2>
        <p className={styles.cardLead}>{t('form.lead')}</p>
        {/* Always present, so the success message is announced when it appears. */}
        <div role="status">{done ? <Banner tone="success" title={shownText(outcome.text)} role={null}><p>{t('form.redirecting')}</p></Banner> : null}</div>
        {outcome && !outcome.ok ? (
          <Banner ref={bannerRef} tone="error" title={linkInvalid ? t('form.linkUsed') : shownText(outcome.text)}>
            {linkInvalid ? (
              <>
                <p lang={foreignText(outcome.text)}>{shownText(outcome.text)}</p>
                <p>
                  <Link to={paths.login} state={NEW_REQUEST_STATE}>
                    {t('form.newRequest')}
                  </Link>
                </p>
              </>
            ) : null}
          </Banner>
        ) : null}
        {linkInvalid ? null : (
          <>
            <div className={styles.stack}>
              {/* The §5 complexity message takes three lines on a phone: its room is kept (nothing moves when it shows). */}
              <PasswordField
                label={t('form.newPassword')}
                required
                autoComplete="new-password"
                registration={register('password')}
                error={shownText(errors.password?.message)}
                errorLines={3}
              />
              <PasswordField
                label={t('form.confirmPassword')}
                required
                autoComplete="new-password"
                registration={register('confirmPassword')}
                error={shownText(errors.confirmPassword?.message)}
              />
            </div>
            <div className={styles.actions}>
              <button type="submit" className="tca-button" aria-disabled={isSubmitting || done || undefined}>
                {isSubmitting ? t('form.submitting') : t('form.submit')}
              </button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}
