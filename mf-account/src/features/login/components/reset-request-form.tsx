import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { ResetRequest } from '@tca/contracts';
import { TextField } from '@tca/ui/forms';
import { toast } from '../../../shared/toasts.js';
import styles from '../../../shared/account.module.css';
import { sendResetEmail } from '../api/send-reset-email.js';
import { loadLoginChecks } from '../load-login-checks.js';
import { resetRequestOutcome } from '../login-outcomes.js';

interface ResetRequestFormProps {
  onBack: () => void;
  focusOnMount: boolean;
}

const resolver: Resolver<ResetRequest> = async (values, context, options) => (await loadLoginChecks()).resetRequestResolver(values, context, options);

/** The login card's reset-link request (spec §2.3): email only, Send Reset Link, Back to login. */
export function ResetRequestForm({ onBack, focusOnMount }: ResetRequestFormProps) {
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
        Reset your password
      </h2>
      <p className={styles.cardLead}>Enter your account&apos;s e-mail address and we will send you a link to choose a new password.</p>
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" required registration={register('email')} error={errors.email?.message} />
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to login
        </button>
      </div>
      {sentTo ? (
        <p className={styles.note}>
          If an account exists for <strong>{sentTo}</strong>, the e-mail is on its way. The link can be used once and expires after an hour.
        </p>
      ) : null}
    </form>
  );
}
