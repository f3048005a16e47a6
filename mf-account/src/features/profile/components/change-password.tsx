import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, PasswordField } from '@tca/ui/forms';
import { isRejectedToken } from '@tca/ui/api';
import { endSession } from '@tca/ui/session-end';
import { readToken, readUser } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { changePassword } from '../api/change-password.js';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../change-password-form-schema.js';
import { changePasswordOutcome } from '../profile-outcomes.js';
import { PROFILE_TEXT } from '../profile-texts.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';
import { shownText } from '../../../shared/messages.js';

/** Spec §4: after a password change, the toast comes after 1 second and shows for 1 second, then the page reloads. */
export const CHANGE_TOAST_DELAY_MS = 1000;
export const CHANGE_TOAST_MS = 1000;

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (spec §2.3, §4, §5): the form opens under its row; success reloads the page. */
export function ChangePassword() {
  const t = useT(profileCatalog);
  const navigate = useNavigate();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) setFocus('currentPassword');
  }, [open, setFocus]);

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => {
      notify.success(shownText(PROFILE_TEXT.changeSuccess), {
        autoClose: CHANGE_TOAST_MS,
        pauseOnHover: false,
        pauseOnFocusLoss: false,
        onClose: () => window.location.reload(),
      });
    }, CHANGE_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changed]);

  const toggle = () => {
    reset(EMPTY);
    setFailure(null);
    setOpen((wasOpen) => !wasOpen);
  };

  const onValid = async (form: ChangePasswordFormValues) => {
    setFailure(null);
    const user = readUser();
    const token = readToken();
    if (!user) {
      navigate(paths.login);
      return;
    }
    const result = await changePassword({ email: user.email, currentPassword: form.currentPassword, newPassword: form.newPassword }, token);
    if (isRejectedToken(result)) {
      await endSession('rejected');
      return;
    }
    const outcome = changePasswordOutcome(result);
    if (!outcome.ok) {
      // A message about one of the fields (a wrong current password) goes under it; anything else above the form.
      const fields = Object.entries(outcome.fields ?? {}) as Array<['currentPassword' | 'newPassword', string]>;
      if (fields.length === 0) setFailure(outcome.text);
      fields.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
      return;
    }
    reset(EMPTY);
    setOpen(false);
    setChanged(true);
  };

  return (
    <div>
      <div className={styles.securityRow}>
        <div className={styles.securityText}>
          <h3>{t('password.title')}</h3>
          <p>{changed ? t('password.changed') : t('password.lead')}</p>
        </div>
        <button type="button" className={accountStyles.secondary} aria-expanded={open} aria-controls={formId} onClick={toggle} disabled={changed}>
          {open ? t('password.cancel') : t('password.open')}
        </button>
      </div>
      <form
        id={formId}
        hidden={!open}
        noValidate
        className={styles.changeForm}
        aria-label={t('password.form')}
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          if (isSubmitting) event.preventDefault();
          else void handleSubmit(onValid)(event);
        }}
      >
        {failure ? <Banner tone="error" title={shownText(failure)} /> : null}
        <div className={accountStyles.stack}>
          <PasswordField
            label={t('password.current')}
            required
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={shownText(errors.currentPassword?.message)}
          />
          <PasswordField
            label={t('password.new')}
            required
            autoComplete="new-password"
            hint={t('password.hint')}
            registration={register('newPassword')}
            error={shownText(errors.newPassword?.message)}
            errorLines={3}
          />
          <PasswordField
            label={t('password.confirm')}
            required
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={shownText(errors.confirmPassword?.message)}
          />
        </div>
        <div className={accountStyles.actions}>
          <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? t('password.submitting') : t('password.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
