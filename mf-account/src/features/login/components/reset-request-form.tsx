import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { ResetRequest } from '@tca/contracts';
import { TextField } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { shownText } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import styles from '../../../shared/account.module.css';
import { sendResetEmail } from '../api/send-reset-email.js';
import { loadLoginChecks } from '../load-login-checks.js';
import { resetRequestOutcome } from '../login-outcomes.js';
import { loginCatalog } from '../messages.js';

interface ResetRequestFormProps {
  onBack: () => void;
  focusOnMount: boolean;
}

const resolver: Resolver<ResetRequest> = async (values, context, options) => (await loadLoginChecks()).resetRequestResolver(values, context, options);

/** The login card's reset-link request (spec §2.3): email only, Send Reset Link, Back to login. */
export function ResetRequestForm({ onBack, focusOnMount }: ResetRequestFormProps) {
  const t = useT(loginCatalog);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequest>({ resolver, defaultValues: { email: '' } });

  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const onValid = async (values: ResetRequest) => {
    setSentTo(null);
    const result = await sendResetEmail(values);
    const outcome = resetRequestOutcome(result);
    toast(outcome.ok ? 'success' : 'error', outcome.text);
    if (outcome.ok) setSentTo(values.email);
  };

  return (
    <form
      noValidate
      aria-labelledby="reset-request-title"
      aria-busy={isSubmitting}
      onFocus={() => void loadLoginChecks()}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else
          void handleSubmit(onValid, (invalid) => {
            if (invalid.email?.message) toast('error', invalid.email.message);
          })(event);
      }}
    >
      <h2 id="reset-request-title" className={styles.cardTitle}>
        {t('reset.title')}
      </h2>
      <p className={styles.cardLead}>{t('reset.lead')}</p>
      <TextField
        label={t('form.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        registration={register('email')}
        error={shownText(errors.email?.message)}
      />
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('reset.back')}
        </button>
      </div>
      {sentTo ? (
        <p className={styles.note}>{richText(t('reset.sentTo', { email: sentTo }), { 0: (email) => <strong>{email}</strong> })}</p>
      ) : null}
    </form>
  );
}
