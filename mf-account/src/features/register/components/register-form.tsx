import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Banner, CheckboxField, Field, fieldClasses as fieldStyles, FieldGrid, PasswordField, RequiredNote, TextField } from '@tca/ui/forms';
import { INTL_LOCALE, useLang, useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Modal } from '@tca/ui/modal';
import { shownText } from '../../../shared/messages.js';
import { countryOptions } from '../../../shared/phone.js';
import styles from '../../../shared/account.module.css';
import { registerAccount, registerRequest } from '../api/register-account.js';
import { registerFailure } from '../register-failure.js';
import { REGISTER_DEFAULTS, registerFormSchema, type RegisterFormInput, type RegisterFormValues } from '../register-form-schema.js';
import { REGISTER_TEXT } from '../register-texts.js';
import { registerCatalog } from '../messages.js';
import { TERMS_SECTIONS } from '../terms-summary.js';

/** Spec §4/§9: after the success overlay the browser goes to /login after 3 seconds. */
export const REGISTER_REDIRECT_MS = 3000;

/** The service's field names, and the form field each message goes under. */
const SERVER_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'password'] as const;
type ServerField = (typeof SERVER_FIELDS)[number];
const FORM_FIELD: Record<ServerField, keyof RegisterFormInput> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phoneNumber: 'phone',
  password: 'password',
};

/**
 * The register form (spec §2.3, §4, §5, §8): validated on blur and on submit with the §5 messages, the
 * phone checked for its country (default Australia), the Terms and Conditions modal, submit
 * disabled until the terms are accepted, and the success overlay before /login.
 */
export function RegisterForm() {
  const t = useT(registerCatalog);
  const lang = useLang();
  const navigate = useNavigate();
  const countries = useMemo(() => countryOptions(INTL_LOCALE[lang]), [lang]);
  const [termsOpen, setTermsOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const submitHintId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: REGISTER_DEFAULTS,
    mode: 'onBlur',
  });
  const termsAccepted = watch('termsAccepted');

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigate(paths.login), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  const onValid = async (form: RegisterFormValues) => {
    setFormError(null);
    const request = registerRequest(form);
    if (!request) {
      setError('phone', { type: 'validate', message: t('form.phoneInvalid') }, { shouldFocus: true });
      setFormError(REGISTER_TEXT.correctErrors);
      return;
    }
    try {
      const result = await registerAccount(request);
      if (result.kind === 'ok') {
        setRegistered(true);
        return;
      }
      const failure = registerFailure<ServerField>(result, SERVER_FIELDS);
      let focused = false;
      for (const field of SERVER_FIELDS) {
        const message = failure.fields[field];
        if (!message) continue;
        setError(FORM_FIELD[field], { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      setFormError(failure.text);
    } catch {
      setFormError(REGISTER_TEXT.errorOccurred);
    }
  };

  const acceptTerms = (accepted: boolean) => {
    setValue('termsAccepted', accepted, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    setTermsOpen(false);
  };

  const busy = isSubmitting || registered;
  const phoneCountry = register('phoneCountry');
  return (
    <>
      <div className={styles.wideCard}>
        <form
          noValidate
          aria-labelledby="register-form-title"
          aria-busy={isSubmitting}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else {
              setFormError(null);
              void handleSubmit(onValid, () => setFormError(REGISTER_TEXT.correctErrors))(event);
            }
          }}
        >
          <h2 id="register-form-title" className={styles.cardTitle}>
            {t('form.title')}
          </h2>
          <RequiredNote />
          {formError ? <Banner tone="error" title={shownText(formError)} /> : null}
          <FieldGrid>
            <TextField label={t('form.firstName')} required autoComplete="given-name" registration={register('firstName')} error={shownText(errors.firstName?.message)} />
            <TextField label={t('form.lastName')} required autoComplete="family-name" registration={register('lastName')} error={shownText(errors.lastName?.message)} />
            <TextField
              label={t('form.email')}
              type="email"
              inputMode="email"
              required
              wide
              autoComplete="email"
              registration={register('email')}
              error={shownText(errors.email?.message)}
            />
            <Field label={t('form.country')} required error={shownText(errors.phoneCountry?.message)}>
              {(control) => (
                <select
                  {...control}
                  {...phoneCountry}
                  className={`${fieldStyles.control} ${fieldStyles.select}`}
                  autoComplete="country"
                  onChange={(event) => {
                    // A number already checked is checked again for the new country.
                    void phoneCountry.onChange(event).then(() => {
                      if (getFieldState('phone').isTouched) void trigger('phone');
                    });
                  }}
                >
                  {countries.map((option) => (
                    <option key={option.country} value={option.country}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextField
              label={t('form.phone')}
              type="tel"
              inputMode="tel"
              required
              autoComplete="tel-national"
              hint={t('form.phoneHint')}
              registration={register('phone')}
              error={shownText(errors.phone?.message)}
            />
            <PasswordField
              label={t('form.password')}
              required
              autoComplete="new-password"
              hint={t('form.passwordHint')}
              registration={register('password')}
              error={shownText(errors.password?.message)}
              // The §5 complexity message takes three lines on a phone: room is kept so the terms below stay put.
              errorLines={3}
            />
            <PasswordField
              label={t('form.confirmPassword')}
              required
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={shownText(errors.confirmPassword?.message)}
            />
          </FieldGrid>
          <div className={styles.terms}>
            <CheckboxField registration={register('termsAccepted')} error={shownText(errors.termsAccepted?.message)}>
              {t('form.acceptTerms')}
            </CheckboxField>
            <p className={styles.hintLine}>
              <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setTermsOpen(true)}>
                {t('form.readTerms')}
              </button>
            </p>
          </div>
          <div className={styles.actions}>
            <button
              type="submit"
              className="tca-button"
              disabled={!termsAccepted}
              aria-disabled={busy || undefined}
              {...(!termsAccepted ? { 'aria-describedby': submitHintId } : {})}
            >
              {isSubmitting ? t('form.submitting') : t('form.submit')}
            </button>
            {!termsAccepted ? (
              <p id={submitHintId} className={styles.hintLine}>
                {t('form.submitHint')}
              </p>
            ) : null}
          </div>
          <p className={styles.alt}>
            {richText(t('form.haveAccount'), { 0: (text) => <Link to={paths.login}>{text}</Link> })}
          </p>
        </form>
      </div>
      {termsOpen ? (
        <Modal
          title={t('terms.title')}
          onClose={() => setTermsOpen(false)}
          footer={
            <>
              <button type="button" className={styles.secondary} onClick={() => acceptTerms(false)}>
                {t('terms.decline')}
              </button>
              <button type="button" className={`tca-button ${styles.primary}`} onClick={() => acceptTerms(true)}>
                {t('terms.accept')}
              </button>
            </>
          }
        >
          <ol className={styles.termsSections}>
            {TERMS_SECTIONS.map((section) => (
              <li key={section}>
                <h3>{t(`terms.${section}.title`)}</h3>
                <p>{t(`terms.${section}.text`)}</p>
              </li>
            ))}
          </ol>
          <p className={styles.note}>
            <a href={paths.terms} target="_blank" rel="noopener">
              {t('terms.full')}
            </a>
          </p>
        </Modal>
      ) : null}
      {registered ? (
        <Modal title={shownText(REGISTER_TEXT.registerSuccess)} onClose={() => navigate(paths.login)} closeOnBackdrop={false}>
          <p className={styles.overlayText} role="status">
            {t('done.text')}
          </p>
          <Link to={paths.login} className="tca-button">
            {t('done.link')}
          </Link>
        </Modal>
      ) : null}
    </>
  );
}
