import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tca/ui/router';
import { paths, registerAnswerSchema, type RegisterRequest } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner, CheckboxField, Field, fieldClasses as fieldStyles, FieldGrid, PasswordField, RequiredNote, TextField } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { callApi } from '@tca/ui/api';
import { REGISTER_DEFAULTS, registerFormSchema, type RegisterForm, type RegisterFormInput } from '../lib/form-schemas.js';
import { registerFailure, TEXT } from '../lib/messages.js';
import { countryOptions, toStoredPhone } from '../lib/phone.js';
import { TERMS_SUMMARY } from './terms-summary.js';
import styles from './account.module.css';

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

/** The request the identity service takes, from the form: the phone in its stored form (61412345678). */
export function registerRequest(form: RegisterForm): RegisterRequest | null {
  const phoneNumber = toStoredPhone(form.phone, form.phoneCountry);
  if (!phoneNumber) return null;
  return { firstName: form.firstName, lastName: form.lastName, email: form.email, phoneNumber, password: form.password, termsAccepted: true };
}

/**
 * /register (spec §2.3, §4, §5, §8): validated on blur and on submit with the §5 messages, the
 * phone checked for its country (default Australia), the Terms and Conditions modal, submit
 * disabled until the terms are accepted, and the success overlay before /login.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const countries = useMemo(() => countryOptions(), []);
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
  } = useForm<RegisterFormInput, unknown, RegisterForm>({
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

  const onValid = async (form: RegisterForm) => {
    setFormError(null);
    const request = registerRequest(form);
    if (!request) {
      setError('phone', { type: 'validate', message: 'Please enter a valid phone number' }, { shouldFocus: true });
      setFormError(TEXT.correctErrors);
      return;
    }
    try {
      const result = await callApi('/auth/register', { body: request, answer: registerAnswerSchema });
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
      setFormError(TEXT.errorOccurred);
    }
  };

  const acceptTerms = (accepted: boolean) => {
    setValue('termsAccepted', accepted, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    setTermsOpen(false);
  };

  const busy = isSubmitting || registered;
  const phoneCountry = register('phoneCountry');
  return (
    <Page title="Create an Account" lead="Register to become a member and manage your membership.">
      <div className={styles.wideCard}>
        <form
          noValidate
          aria-labelledby="register-form-title"
          aria-busy={isSubmitting}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else {
              setFormError(null);
              void handleSubmit(onValid, () => setFormError(TEXT.correctErrors))(event);
            }
          }}
        >
          <h2 id="register-form-title" className={styles.cardTitle}>
            Your details
          </h2>
          <RequiredNote />
          {formError ? <Banner tone="error" title={formError} /> : null}
          <FieldGrid>
            <TextField label="First Name" required autoComplete="given-name" registration={register('firstName')} error={errors.firstName?.message} />
            <TextField label="Last Name" required autoComplete="family-name" registration={register('lastName')} error={errors.lastName?.message} />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              required
              wide
              autoComplete="email"
              registration={register('email')}
              error={errors.email?.message}
            />
            <Field label="Country" required error={errors.phoneCountry?.message}>
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
              label="Phone Number"
              type="tel"
              inputMode="tel"
              required
              autoComplete="tel-national"
              hint="The number within the chosen country, e.g. 0412 345 678."
              registration={register('phone')}
              error={errors.phone?.message}
            />
            <PasswordField
              label="Password"
              required
              autoComplete="new-password"
              hint="At least 8 characters, with upper and lower case letters, a number and a special character."
              registration={register('password')}
              error={errors.password?.message}
              // The §5 complexity message takes three lines on a phone: room is kept so the terms below stay put.
              errorLines={3}
            />
            <PasswordField
              label="Confirm Password"
              required
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
          </FieldGrid>
          <div className={styles.terms}>
            <CheckboxField registration={register('termsAccepted')} error={errors.termsAccepted?.message}>
              I have read and accept the Terms and Conditions
            </CheckboxField>
            <p className={styles.hintLine}>
              <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setTermsOpen(true)}>
                Read the Terms and Conditions
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
              {isSubmitting ? 'Creating account...' : 'Create Account'}
            </button>
            {!termsAccepted ? (
              <p id={submitHintId} className={styles.hintLine}>
                Accept the Terms and Conditions to create your account.
              </p>
            ) : null}
          </div>
          <p className={styles.alt}>
            Already have an account? <Link to={paths.login}>Log in</Link>
          </p>
        </form>
      </div>
      {termsOpen ? (
        <Modal
          title="Terms and Conditions"
          onClose={() => setTermsOpen(false)}
          footer={
            <>
              <button type="button" className={styles.secondary} onClick={() => acceptTerms(false)}>
                Decline
              </button>
              <button type="button" className={`tca-button ${styles.primary}`} onClick={() => acceptTerms(true)}>
                Accept
              </button>
            </>
          }
        >
          <ol className={styles.termsSections}>
            {TERMS_SUMMARY.map((section) => (
              <li key={section.title}>
                <h3>{section.title}</h3>
                <p>{section.text}</p>
              </li>
            ))}
          </ol>
          <p className={styles.note}>
            <a href={paths.terms} target="_blank" rel="noopener">
              Read the full Terms and Conditions (opens in a new tab)
            </a>
          </p>
        </Modal>
      ) : null}
      {registered ? (
        <Modal title={TEXT.registerSuccess} onClose={() => navigate(paths.login)} closeOnBackdrop={false}>
          <p className={styles.overlayText} role="status">
            Your account has been created. Taking you to the login page…
          </p>
          <Link to={paths.login} className="tca-button">
            Go to login now
          </Link>
        </Modal>
      ) : null}
    </Page>
  );
}
