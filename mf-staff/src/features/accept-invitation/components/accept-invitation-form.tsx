import { useState, type FormEvent } from 'react';
import { paths } from '@tca/contracts';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { failureText } from '../../../shared/failure-text.js';
import { knownText } from '../../../shared/known-text.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { joinCatalog } from '../messages.js';
import { acceptInvitation } from '../api/accept-invitation.js';
import { ACCEPT_FIELDS, checkAccept, type AcceptErrors, type AcceptField, type AcceptForm } from '../accept-rules.js';
import styles from '../../../shared/staff.module.css';

type JoinKey = keyof typeof joinCatalog.english;

const LABELS: Record<AcceptField, { label: JoinKey; type: 'text' | 'tel' | 'password'; autoComplete: string; hint?: JoinKey }> = {
  firstName: { label: 'join.firstName', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'join.lastName', type: 'text', autoComplete: 'family-name' },
  phoneNumber: { label: 'join.phone', type: 'tel', autoComplete: 'tel', hint: 'join.phoneHint' },
  password: { label: 'join.password', type: 'password', autoComplete: 'new-password', hint: 'join.passwordHint' },
  confirmPassword: { label: 'join.confirm', type: 'password', autoComplete: 'new-password' },
};

const EMPTY: AcceptForm = { firstName: '', lastName: '', phoneNumber: '', password: '', confirmPassword: '' };

/** The invitation link's form: the new staff member's name, phone and password; then the login, where the authenticator app is set up. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const [form, setForm] = useState<AcceptForm>(EMPTY);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT(joinCatalog);
  useT(sharedCatalog);
  // Messages the schema and the service give in English, shown in the language shown.
  const shown = (message: string) => knownText(knownText(message, joinCatalog), sharedCatalog);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkAccept(form, token);
    setFailure(null);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    const result = await acceptInvitation(checked.request);
    setBusy(false);
    if (result.kind === 'ok') {
      setDone(result.answer?.message ?? 'Welcome to the staff. Log in and set up your authenticator app.');
      return;
    }
    if (result.kind === 'http') setErrors(splitFieldMessages(result.error, ACCEPT_FIELDS).fields);
    setFailure(failureText(result));
  };

  if (done) {
    return (
      <>
        <Banner tone="success" title={shown(done)} />
        <p className={styles.actions}>
          <Link to={paths.login} className="tca-button">
            {t('join.toLogin')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('join.title')}>
      {failure ? <Banner tone="error" title={failure} /> : null}
      <RequiredNote />
      {ACCEPT_FIELDS.map((field) => (
        <Field key={field} label={t(LABELS[field].label)} required error={errors[field] && shown(errors[field])} hint={LABELS[field].hint && t(LABELS[field].hint)}>
          {(control) => (
            <input
              {...control}
              className={fieldClasses.control}
              type={LABELS[field].type}
              autoComplete={LABELS[field].autoComplete}
              value={form[field]}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <p className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? t('join.joining') : t('join.submit')}
        </button>
      </p>
    </form>
  );
}
