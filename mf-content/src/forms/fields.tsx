import { useId, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './fields.module.css';

/**
 * Accessible form pieces shared by the content forms (and usable by any app): a visible label tied
 * to its control, a required marker, an error message the control names in aria-describedby and
 * aria-invalid, and the honeypot field people never see.
 */

/** What a control needs from its field to be labelled and described. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string;
  /** Span both columns of a FieldGrid. */
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, required, error, hint, wide, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { required: true } : {}),
      })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' *'}
    </span>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}

/** "Fields marked * are required." — put it at the top of a form that uses the marker. */
export function RequiredNote() {
  return (
    <p className={styles.note}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="tca-visually-hidden">with an asterisk</span> are required.
    </p>
  );
}

interface InputFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

export function TextField({ label, registration, error, required, hint, wide, type = 'text', autoComplete, inputMode }: InputFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide={wide} {...(hint ? { hint } : {})}>
      {(control) => (
        <input
          {...control}
          {...registration}
          className={styles.control}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={type === 'text' ? undefined : false}
        />
      )}
    </Field>
  );
}

interface TextAreaFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: string;
  rows?: number;
  maxLength?: number;
}

export function TextAreaField({ label, registration, error, required, hint, rows = 4, maxLength }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide {...(hint ? { hint } : {})}>
      {(control) => <textarea {...control} {...registration} className={`${styles.control} ${styles.textarea}`} rows={rows} maxLength={maxLength} />}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly Option[];
  /** The first, empty choice (e.g. 'Select issue type'); it cannot be submitted when the field is required. */
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  wide?: boolean;
}

export function SelectField({ label, registration, options, placeholder, error, required, wide }: SelectFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide={wide}>
      {(control) => (
        <select {...control} {...registration} className={`${styles.control} ${styles.select}`}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface PhoneFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  countryRegistration: UseFormRegisterReturn;
  countryCodes: readonly string[];
  countryLabel?: string;
  error?: string | undefined;
  countryError?: string | undefined;
  required?: boolean;
}

/** A phone number with a country-code selector in front of it; each has its own label. */
export function PhoneField({
  label,
  registration,
  countryRegistration,
  countryCodes,
  countryLabel = 'Country code',
  error,
  countryError,
  required,
}: PhoneFieldProps) {
  const countryId = useId();
  const countryErrorId = `${countryId}-error`;
  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <div className={styles.phoneRow}>
          <label htmlFor={countryId} className="tca-visually-hidden">
            {countryLabel}
          </label>
          <select
            {...countryRegistration}
            id={countryId}
            className={`${styles.control} ${styles.select} ${styles.country}`}
            autoComplete="tel-country-code"
            {...(countryError ? { 'aria-invalid': true, 'aria-describedby': countryErrorId } : {})}
          >
            {countryCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <input {...control} {...registration} className={styles.control} type="tel" autoComplete="tel-national" inputMode="tel" />
          {countryError ? <FieldError id={countryErrorId}>{countryError}</FieldError> : null}
        </div>
      )}
    </Field>
  );
}

/**
 * The honeypot (contracts' HONEYPOT_FIELD): moved off screen rather than `display: none` (which
 * simple bots skip), hidden from assistive technology, out of the tab order and never autofilled.
 * People leave it empty; the server rejects a post that fills it.
 */
export function Honeypot({ registration, label = 'Website' }: { registration: UseFormRegisterReturn; label?: string }) {
  const id = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input {...registration} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** Two columns from 640 px, one below. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

interface BannerProps {
  tone: 'success' | 'error';
  title: string;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** null when the banner sits inside a live region of its own. */
  role?: 'status' | 'alert' | null;
}

/**
 * A result banner: green `role="status"` for success, red `role="alert"` for an error. It can take
 * focus (tabIndex -1) so a form can move a keyboard user onto the outcome.
 */
export function Banner({ tone, title, children, ref, role = tone === 'success' ? 'status' : 'alert' }: BannerProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={role ?? undefined}
      className={`${styles.banner} ${tone === 'success' ? styles.bannerSuccess : styles.bannerError}`}
    >
      <p className={styles.bannerTitle}>{title}</p>
      {children}
    </div>
  );
}
