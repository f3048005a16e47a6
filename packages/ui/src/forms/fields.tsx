import { useId, useState, type ChangeEvent, type CSSProperties, type FocusEvent, type ReactNode, type Ref } from 'react';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { formsCatalog } from './messages.js';
import styles from './fields.module.css';

/**
 * Accessible form pieces every app shares: a visible label tied to its control, a required marker,
 * an error message (and an optional hint) the control names in aria-describedby, aria-invalid while
 * the field has an error, password fields with show/hide, a phone number with its country code, the
 * honeypot people never see, and result banners.
 *
 * Every field keeps room for its error below the control (and its hint) whether or not there is
 * one: two lines, or `errorLines` for a field with longer messages. An error that appears on blur
 * then moves nothing under the pointer (only a message longer than that room would).
 *
 * The fields take a form library's registration (react-hook-form's `register(name)` fits
 * `FieldRegistration`) without importing the library: the design system stays small, and each app
 * keeps its own form and validation code.
 */

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a control is given by its form library: react-hook-form's `UseFormRegisterReturn` fits. */
export interface FieldRegistration {
  name: string;
  onChange: (event: ChangeEvent<FormControl>) => unknown;
  onBlur: (event: FocusEvent<FormControl>) => unknown;
  ref: (instance: HTMLElement | null) => void;
  disabled?: boolean;
}

/** What a control needs from its field to be labelled and described. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

/** The class names of a field's control, for a control a page draws itself inside `Field`. */
export const fieldClasses: Readonly<{ control: string; select: string; textarea: string }> = {
  control: styles.control ?? '',
  select: styles.select ?? '',
  textarea: styles.textarea ?? '',
};

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string | undefined;
  /** Shown under the control, above its error space; named by the control after its error. */
  hint?: ReactNode;
  /** Span both columns of a FieldGrid. */
  wide?: boolean | undefined;
  /** Another error shown in the field's error space (e.g. a phone number's country code). */
  otherError?: ReactNode;
  /** Lines kept for the error (2 unless a field's messages can be longer). */
  errorLines?: number | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A control's id, what it names in aria-describedby (its error, then its hint) and what goes under
 * it: the hint, then the space for its error, which is there (empty) even without an error.
 */
function useDescribedControl(error: string | undefined, hint: ReactNode, otherError?: ReactNode, errorLines?: number) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const notes = (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.errorSpace} style={errorLines ? ({ '--tca-error-lines': errorLines } as CSSProperties) : undefined}>
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        {otherError}
      </div>
    </>
  );
  return { id, describedBy, notes };
}

/** A label, the control the children draw with the given props, its hint and the space for its error. */
export function Field({ label, required, error, hint, wide, otherError, errorLines, children }: FieldProps) {
  const { id, describedBy, notes } = useDescribedControl(error, hint, otherError, errorLines);
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { required: true } : {}),
      })}
      {notes}
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

/** An error message; the control it belongs to names `id` in aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}

/** "Fields marked * are required." — put it at the top of a form that uses the marker. */
export function RequiredNote() {
  const t = useT(formsCatalog);
  return (
    <p className={styles.note}>
      {richText(t('required.note'), {
        0: (star) => <span aria-hidden="true">{star}</span>,
        1: (words) => <span className="tca-visually-hidden">{words}</span>,
      })}
    </p>
  );
}

interface CommonFieldProps {
  label: string;
  registration: FieldRegistration;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  wide?: boolean;
  /** Lines kept for the error (2 unless the field's messages can be longer). */
  errorLines?: number;
}

interface TextFieldProps extends CommonFieldProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

export function TextField({ label, registration, error, required, hint, wide, errorLines, type = 'text', autoComplete, inputMode }: TextFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide={wide} hint={hint} errorLines={errorLines}>
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

interface PasswordFieldProps extends CommonFieldProps {
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password with a show/hide toggle. The toggle's name says what it will do ("Show password" /
 * "Hide password") and contains its visible text; it never submits the form.
 */
export function PasswordField({ label, registration, error, required, hint, wide, errorLines, autoComplete }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useT(formsCatalog);
  return (
    <Field label={label} error={error} required={required} wide={wide} hint={hint} errorLines={errorLines}>
      {(control) => (
        <div className={styles.passwordRow}>
          <input
            {...control}
            {...registration}
            className={styles.control}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="none"
            spellCheck={false}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-controls={control.id}
            aria-label={t(visible ? 'password.hideLabel' : 'password.showLabel', { field: label.toLowerCase() })}
            onClick={() => setVisible((shown) => !shown)}
          >
            {t(visible ? 'password.hide' : 'password.show')}
          </button>
        </div>
      )}
    </Field>
  );
}

interface TextAreaFieldProps extends Omit<CommonFieldProps, 'wide'> {
  rows?: number;
  maxLength?: number;
}

/** A multi-line text; it spans both columns of a FieldGrid. */
export function TextAreaField({ label, registration, error, required, hint, errorLines, rows = 4, maxLength }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide hint={hint} errorLines={errorLines}>
      {(control) => <textarea {...control} {...registration} className={`${styles.control} ${styles.textarea}`} rows={rows} maxLength={maxLength} />}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<CommonFieldProps, 'hint'> {
  options: readonly Option[];
  /** The first, empty choice (e.g. 'Select issue type'); it cannot be submitted when the field is required. */
  placeholder?: string;
}

export function SelectField({ label, registration, options, placeholder, error, required, wide, errorLines }: SelectFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide={wide} errorLines={errorLines}>
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
  registration: FieldRegistration;
  countryRegistration: FieldRegistration;
  countryCodes: readonly string[];
  countryLabel?: string;
  error?: string | undefined;
  countryError?: string | undefined;
  required?: boolean;
  /** Lines kept for the errors (2 unless the messages can be longer). */
  errorLines?: number;
}

/** A phone number with a country-code selector in front of it; each has its own label. */
export function PhoneField({
  label,
  registration,
  countryRegistration,
  countryCodes,
  countryLabel,
  error,
  countryError,
  required,
  errorLines,
}: PhoneFieldProps) {
  const t = useT(formsCatalog);
  const countryId = useId();
  const countryErrorId = `${countryId}-error`;
  return (
    <Field
      label={label}
      error={error}
      required={required}
      errorLines={errorLines}
      otherError={countryError ? <FieldError id={countryErrorId}>{countryError}</FieldError> : null}
    >
      {(control) => (
        <div className={styles.phoneRow}>
          <label htmlFor={countryId} className="tca-visually-hidden">
            {countryLabel ?? t('phone.countryCode')}
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
        </div>
      )}
    </Field>
  );
}

interface CheckboxFieldProps {
  registration: FieldRegistration;
  /** The label, beside the box. */
  children: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Lines kept for the error (2 unless its messages can be longer). */
  errorLines?: number;
}

/** A checkbox with its label beside it, and its hint and error space below. */
export function CheckboxField({ registration, children, error, hint, errorLines }: CheckboxFieldProps) {
  const { id, describedBy, notes } = useDescribedControl(error, hint, undefined, errorLines);
  return (
    <div className={styles.checkField}>
      <div className={styles.checkRow}>
        <input
          {...registration}
          id={id}
          type="checkbox"
          className={styles.checkbox}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          {...(error ? { 'aria-invalid': true } : {})}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {notes}
    </div>
  );
}

/**
 * The honeypot (contracts' HONEYPOT_FIELD): moved off screen rather than `display: none` (which
 * simple bots skip), hidden from assistive technology, out of the tab order and never autofilled.
 * People leave it empty; the server rejects a post that fills it.
 */
export function Honeypot({ registration, label = 'Website' }: { registration: FieldRegistration; label?: string }) {
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
  tone: 'success' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** null when the banner sits inside a live region of its own. */
  role?: 'status' | 'alert' | null;
}

const BANNER_TONE = { success: styles.bannerSuccess, error: styles.bannerError, info: styles.bannerInfo } as const;

/**
 * A result banner: green `role="status"` for success, red `role="alert"` for an error, neutral
 * `role="status"` for information. It can take focus (tabIndex -1) so a form can move a keyboard
 * user onto the outcome.
 */
export function Banner({ tone, title, children, ref, role = tone === 'error' ? 'alert' : 'status' }: BannerProps) {
  return (
    <div ref={ref} tabIndex={-1} role={role ?? undefined} className={`${styles.banner} ${BANNER_TONE[tone]}`}>
      <p className={styles.bannerTitle}>{title}</p>
      {children}
    </div>
  );
}
