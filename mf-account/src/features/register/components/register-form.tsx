import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Banner, CheckboxField, Field, fieldClasses as fieldStyles, FieldGrid, PasswordField, RequiredNote, TextField } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { countryOptions } from '../../../shared/phone.js';
import styles from '../../../shared/account.module.css';
import { registerAccount, registerRequest } from '../api/register-account.js';
import { registerFailure } from '../register-failure.js';
import { REGISTER_DEFAULTS, registerFormSchema, type RegisterFormInput, type RegisterFormValues } from '../register-form-schema.js';
import { REGISTER_TEXT } from '../register-texts.js';
import { TERMS_SUMMARY } from '../terms-summary.js';

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
      setError('phone', { type: 'validate', message: 'Please enter a valid phone number' }, { shouldFocus: true });
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
        <Modal title={REGISTER_TEXT.registerSuccess} onClose={() => navigate(paths.login)} closeOnBackdrop={false}>
          <p className={styles.overlayText} role="status">
            Your account has been created. Taking you to the login page…
          </p>
          <Link to={paths.login} className="tca-button">
            Go to login now
          </Link>
        </Modal>
      ) : null}
    </>
  );
}
