import { useId, useState, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './fields.module.css';

/**
 * Accessible form pieces of the account pages (the same pattern as mf-content's forms; a candidate
 * for @tca/ui): a visible label tied to its control, a required marker, an error message the
 * control names in aria-describedby and aria-invalid.
 */

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
  hint?: ReactNode;
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, required, error, hint, wide, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
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
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
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

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}

/** "Fields marked * are required." */
export function RequiredNote() {
  return (
    <p className={styles.note}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="tca-visually-hidden">with an asterisk</span> are required.
    </p>
  );
}

interface TextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  wide?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

export function TextField({ label, registration, error, required, hint, wide, type = 'text', autoComplete, inputMode }: TextFieldProps) {
  return (
    <Field label={label} error={error} required={required} wide={wide} hint={hint}>
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

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  wide?: boolean;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password with a show/hide toggle. The toggle's name says what it will do ("Show password" /
 * "Hide password") and contains its visible text; it never submits the form.
 */
export function PasswordField({ label, registration, error, required, hint, wide, autoComplete }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} required={required} wide={wide} hint={hint}>
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
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

interface CheckboxFieldProps {
  registration: UseFormRegisterReturn;
  children: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A checkbox with its label beside it, and its error below. */
export function CheckboxField({ registration, children, error, hint }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
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
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
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

/** A result banner (green status, red alert, neutral status); it can take focus so a form can move a keyboard user onto it. */
export function Banner({ tone, title, children, ref, role = tone === 'error' ? 'alert' : 'status' }: BannerProps) {
  const toneClass = tone === 'success' ? styles.bannerSuccess : tone === 'error' ? styles.bannerError : styles.bannerInfo;
  return (
    <div ref={ref} tabIndex={-1} role={role ?? undefined} className={`${styles.banner} ${toneClass}`}>
      <p className={styles.bannerTitle}>{title}</p>
      {children}
    </div>
  );
}
