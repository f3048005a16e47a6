import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tca/ui/router';
import { changePasswordAnswerSchema, paths } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Banner, PasswordField } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { callApi, isRejectedToken } from '@tca/ui/api';
import { changePasswordFormSchema, type ChangePasswordForm } from '../lib/form-schemas.js';
import { changePasswordOutcome, TEXT } from '../lib/messages.js';
import { gatherMyData, myDataFileName, type MyDataExport } from '../lib/my-data.js';
import { endSession } from '@tca/ui/session-end';
import { readToken, readUser } from '@tca/ui/session';
import styles from './profile.module.css';
import accountStyles from './account.module.css';

/** Spec §4: after a password change, the toast comes after 1 second and shows for 1 second, then the page reloads. */
export const CHANGE_TOAST_DELAY_MS = 1000;
export const CHANGE_TOAST_MS = 1000;

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security Settings (spec §2.3): Change Password, and beyond the spec Sign out of all devices and Download my data. */
export function SecuritySettings() {
  return (
    <section className={styles.section} aria-labelledby="security-settings-title">
      <h2 id="security-settings-title" className={styles.sectionTitle}>
        Security Settings
      </h2>
      <ChangePassword />
      <SignOutEverywhere />
      <DownloadMyData />
    </section>
  );
}

function ChangePassword() {
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
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) setFocus('currentPassword');
  }, [open, setFocus]);

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => {
      notify.success(TEXT.changeSuccess, {
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

  const onValid = async (form: ChangePasswordForm) => {
    setFailure(null);
    const user = readUser();
    const token = readToken();
    if (!user) {
      navigate(paths.login);
      return;
    }
    const result = await callApi('/auth/change-password', {
      body: { email: user.email, currentPassword: form.currentPassword, newPassword: form.newPassword },
      token,
      answer: changePasswordAnswerSchema,
    });
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
          <h3>Password</h3>
          <p>{changed ? 'Your password has been changed.' : 'Change the password you log in with.'}</p>
        </div>
        <button type="button" className={accountStyles.secondary} aria-expanded={open} aria-controls={formId} onClick={toggle} disabled={changed}>
          {open ? 'Cancel' : 'Change Password'}
        </button>
      </div>
      <form
        id={formId}
        hidden={!open}
        noValidate
        className={styles.changeForm}
        aria-label="Change password"
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          if (isSubmitting) event.preventDefault();
          else void handleSubmit(onValid)(event);
        }}
      >
        {failure ? <Banner tone="error" title={failure} /> : null}
        <div className={accountStyles.stack}>
          <PasswordField label="Current Password" required autoComplete="current-password" registration={register('currentPassword')} error={errors.currentPassword?.message} />
          <PasswordField
            label="New Password"
            required
            autoComplete="new-password"
            hint="At least 8 characters, with upper and lower case letters, a number and a special character."
            registration={register('newPassword')}
            error={errors.newPassword?.message}
            errorLines={3}
          />
          <PasswordField
            label="Confirm New Password"
            required
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
        </div>
        <div className={accountStyles.actions}>
          <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </button>
        </div>
      </form>
    </div>
  );
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signOut = async () => {
    setBusy(true);
    setFailure(null);
    const result = await callApi('/auth/logout-all', { method: 'POST', token: readToken() });
    if (result.kind === 'ok' || isRejectedToken(result)) {
      await endSession(result.kind === 'ok' ? 'everywhere' : 'rejected');
      return;
    }
    setBusy(false);
    setConfirming(false);
    const server = result.kind === 'http' ? result.error?.message : undefined;
    setFailure(server ? `Could not sign out of all devices: ${server}` : 'Could not sign out of all devices. Please try again later.');
  };

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>Signed-in devices</h3>
        <p>End your session on every phone, tablet and computer, including this one.</p>
        {failure ? (
          <div className={styles.outcome}>
            <Banner tone="error" title={failure} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.danger} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        Sign out of all devices
      </button>
      {confirming ? (
        <Modal
          title="Sign out of all devices?"
          description="This ends your session everywhere, including this browser. You will need to log in again."
          onClose={() => {
            if (!busy) setConfirming(false);
          }}
          footer={
            <>
              <button type="button" className={accountStyles.secondary} disabled={busy} onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button type="button" className={`tca-button ${accountStyles.primary}`} aria-disabled={busy || undefined} onClick={() => !busy && void signOut()}>
                {busy ? 'Signing out...' : 'Sign out everywhere'}
              </button>
            </>
          }
        />
      ) : null}
    </div>
  );
}

/** Offers a JSON file to the browser as a download. */
function saveJson(data: MyDataExport, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const download = async () => {
    const token = readToken();
    if (busy) return;
    if (!token) {
      await endSession('rejected');
      return;
    }
    setBusy(true);
    setOutcome(null);
    const result = await gatherMyData(token);
    if (result.kind === 'rejected') {
      await endSession('rejected');
      return;
    }
    setBusy(false);
    if (result.kind === 'failed') {
      setOutcome({ ok: false, text: result.message });
      return;
    }
    const fileName = myDataFileName(new Date(result.data.exportedAt));
    saveJson(result.data, fileName);
    setOutcome({ ok: true, text: `Your data was saved as ${fileName}.` });
  };

  useEffect(() => {
    if (outcome && !outcome.ok) failureRef.current?.focus();
  }, [outcome]);

  return (
    <div className={styles.securityRow}>
      <div className={styles.securityText}>
        <h3>Your data</h3>
        <p>Download everything we hold about you: your account, memberships, support tickets and the messages you sent while logged in.</p>
        <div role="status" className={outcome?.ok ? styles.outcome : undefined}>
          {outcome?.ok ? outcome.text : null}
        </div>
        {outcome && !outcome.ok ? (
          <div className={styles.outcome}>
            <Banner ref={failureRef} tone="error" title={outcome.text} />
          </div>
        ) : null}
      </div>
      <button type="button" className={accountStyles.secondary} aria-disabled={busy || undefined} onClick={() => void download()}>
        {busy ? 'Preparing your data...' : 'Download my data'}
      </button>
    </div>
  );
}
