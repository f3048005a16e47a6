import { useCallback, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from '@tca/ui/router';
import { AUSTRALIAN_STATES, GENDERS, MARITAL_STATUSES, paths, type MembershipLevel } from '@tca/contracts';
import { Banner, CheckboxField, Field, FieldGrid, fieldClasses, RequiredNote, SelectField, TextField } from '@tca/ui/forms';
import { readLoginSession, tabStorage, type LoginSession } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { isRedirectUrl } from '../../../shared/checkout-redirect.js';
import { forgetLevel } from '../../../shared/chosen-level.js';
import { useLater } from '../../../shared/hooks/use-later.js';
import { TEXT, TIMING } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import { createCheckoutSession } from '../api/create-checkout-session.js';
import { checkoutFailure } from '../checkout-failure.js';
import { MAX_SUPPORTING_DOCUMENTS } from '../documents.js';
import { invalidFormMessage, memberDetails, memberFormDefaults, memberFormErrors, optionLabel, STATE_NAMES, type MemberFormValues } from '../member-form-values.js';
import { DocumentField, type HeldDocument } from './document-field.js';
import { NotAllowedDialog } from './not-allowed-dialog.js';
import styles from './member-form.module.css';

interface FormValues extends MemberFormValues {
  terms: boolean;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'invalid'; text: string }
  | { kind: 'sending' }
  | { kind: 'redirecting' }
  | { kind: 'failed'; title: string; detail: string | null }
  | { kind: 'already-active' };

const STATE_OPTIONS = AUSTRALIAN_STATES.map((value) => ({ value, label: `${STATE_NAMES[value]} (${value})` }));
const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: optionLabel(value) }));
const MARITAL_OPTIONS = MARITAL_STATUSES.map((value) => ({ value, label: optionLabel(value) }));

/** Today as YYYY-MM-DD in the visitor's time zone (the latest date of birth the picker offers). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The server no longer accepts the login: forget it, leave the login page its message, load /login. */
const endRejectedSession = () => void endSession('rejected');

interface MemberFormProps {
  level: MembershipLevel;
  session: LoginSession;
}

/**
 * The member details form (spec §5): the required fields with the server's own rules, the e-mail
 * locked to the login, referredBy optional, documents, terms; PAY NOW creates the checkout session
 * (the server keeps the submission with the order) and the browser leaves for the provider 1 s
 * later. Failures show the §8 texts; 'Submission Not Allowed' when the server reports a request
 * for this e-mail and level already.
 */
export function MemberForm({ level, session }: MemberFormProps) {
  const { later } = useLater();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [notAllowed, setNotAllowed] = useState<{ title: string; message: string } | null>(null);
  const [passport, setPassport] = useState<HeldDocument[]>([]);
  const [supporting, setSupporting] = useState<HeldDocument[]>([]);
  const [uploads, setUploads] = useState(0);
  const bannerRef = useRef<HTMLDivElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const sessionEmail = session.user.email;

  const resolver = useCallback<Resolver<FormValues>>(
    (values) => {
      const fields = memberFormErrors(values, sessionEmail);
      const errors: FieldErrors<FormValues> = {};
      for (const [name, message] of Object.entries(fields)) errors[name as keyof MemberFormValues] = { type: 'validate', message };
      return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
    },
    [sessionEmail],
  );

  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { ...memberFormDefaults(session.user), terms: false }, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });

  const termsAccepted = watch('terms');
  const busy = outcome.kind === 'sending' || outcome.kind === 'redirecting';
  const uploading = uploads > 0;

  const focusBanner = () => requestAnimationFrame(() => bannerRef.current?.focus());

  const pay = async (values: FormValues) => {
    if (busy) return;
    // The login may have ended in another tab since the page was drawn (§5 'Please log in before proceeding').
    const current = readLoginSession();
    if (!current) {
      toast('error', TEXT.loginBeforeProceeding);
      setOutcome({ kind: 'failed', title: TEXT.loginBeforeProceeding, detail: null });
      focusBanner();
      return;
    }
    const details = memberDetails(values, { passport: passport[0]?.ref ?? null, supportingDocuments: supporting.map((doc) => doc.ref) }, current.user.email);
    if (!details.ok) {
      setOutcome({ kind: 'invalid', text: invalidFormMessage(values) });
      return;
    }
    setOutcome({ kind: 'sending' });
    const result = await createCheckoutSession(
      { productName: level.name, price: level.amt, customerEmail: current.user.email, membership: details.details },
      current.token,
    );
    if (result.kind === 'ok') {
      const url = result.answer?.url;
      if (url && isRedirectUrl(url)) {
        setOutcome({ kind: 'redirecting' });
        later(() => {
          forgetLevel(tabStorage());
          window.location.assign(url);
        }, TIMING.checkoutRedirect);
        return;
      }
      console.error('Failed to create checkout session: the answer has no usable url', result.body);
      toast('error', TEXT.checkoutFailed);
      setOutcome({ kind: 'failed', title: TEXT.somethingWrong, detail: null });
      focusBanner();
      return;
    }
    const failure = checkoutFailure(result);
    switch (failure.kind) {
      case 'session-ended':
        endRejectedSession();
        return;
      case 'not-allowed':
        setOutcome({ kind: 'idle' });
        setNotAllowed({ title: failure.title, message: failure.message });
        return;
      case 'already-active':
        setOutcome({ kind: 'already-active' });
        focusBanner();
        return;
      case 'fields': {
        let first = true;
        for (const [name, message] of Object.entries(failure.fields)) {
          setError(name as keyof MemberFormValues, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        setOutcome({ kind: 'invalid', text: failure.alert });
        return;
      }
      case 'alert':
        console.error(TEXT.checkoutFailed, result);
        toast('error', failure.toast);
        setOutcome({ kind: 'failed', title: failure.alert, detail: failure.detail });
        focusBanner();
        return;
    }
  };

  const onInvalid = () => {
    // react-hook-form focuses the first field with an error; the banner lists what is missing.
    setOutcome({ kind: 'invalid', text: invalidFormMessage(getValues()) });
  };

  const documentProps = {
    token: session.token,
    onBusyChange: (on: boolean) => setUploads((count) => Math.max(0, count + (on ? 1 : -1))),
    onSessionEnded: endRejectedSession,
  };

  return (
    <form className={styles.form} noValidate aria-labelledby="member-form-title" onSubmit={(event) => void handleSubmit(pay, onInvalid)(event)}>
      <h2 id="member-form-title" className={styles.title}>
        Primary member
      </h2>
      <RequiredNote />
      <div className={styles.banners}>
        {outcome.kind === 'invalid' ? <Banner tone="error" title={outcome.text} /> : null}
        {outcome.kind === 'failed' ? (
          <Banner ref={bannerRef} tone="error" title={outcome.title}>
            {outcome.detail ? <p>{outcome.detail}</p> : null}
          </Banner>
        ) : null}
        {outcome.kind === 'already-active' ? (
          <Banner ref={bannerRef} tone="error" title={TEXT.alreadyActive}>
            <p>
              Your <Link to={paths.profile}>profile</Link> shows your membership. You can choose <Link to={paths.membership}>another level</Link>.
            </p>
          </Banner>
        ) : null}
      </div>

      <fieldset className={styles.group}>
        <legend>Personal details</legend>
        <FieldGrid>
          <TextField label="First Name" required autoComplete="given-name" registration={register('firstName')} error={errors.firstName?.message} />
          <TextField label="Last Name" required autoComplete="family-name" registration={register('lastName')} error={errors.lastName?.message} />
          <Field label="Email" required error={errors.email?.message} hint="Your login e-mail. It cannot be changed here.">
            {(control) => <input {...control} {...register('email')} type="email" readOnly className={`${fieldClasses.control} ${styles.locked}`} autoComplete="email" />}
          </Field>
          <TextField label="Phone Number" required type="tel" inputMode="tel" autoComplete="tel" registration={register('phoneNumber')} error={errors.phoneNumber?.message} />
          <Field label="Date of Birth" required error={errors.dateOfBirth?.message}>
            {(control) => <input {...control} {...register('dateOfBirth')} type="date" max={today()} min="1900-01-01" autoComplete="bday" className={fieldClasses.control} />}
          </Field>
          <SelectField label="Gender" required placeholder="Select gender" options={GENDER_OPTIONS} registration={register('gender')} error={errors.gender?.message} />
          <SelectField
            label="Marital Status"
            required
            placeholder="Select marital status"
            options={MARITAL_OPTIONS}
            registration={register('maritalStatus')}
            error={errors.maritalStatus?.message}
          />
          <TextField label="Profession" required autoComplete="organization-title" registration={register('profession')} error={errors.profession?.message} />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Address</legend>
        <FieldGrid>
          <TextField label="Address Line 1" required wide autoComplete="address-line1" registration={register('addressLine1')} error={errors.addressLine1?.message} />
          <TextField label="Suburb" required autoComplete="address-level2" registration={register('suburb')} error={errors.suburb?.message} />
          <SelectField label="State" required placeholder="Select state" options={STATE_OPTIONS} registration={register('stateProvince')} error={errors.stateProvince?.message} />
          <TextField label="Postal Code" required inputMode="text" autoComplete="postal-code" registration={register('postalCode')} error={errors.postalCode?.message} hint="4 digits, e.g. 5000" />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>More about you</legend>
        <FieldGrid>
          <TextField label="Referred By" wide registration={register('referredBy')} error={errors.referredBy?.message} hint="Optional: the member who told you about us." />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Documents (optional)</legend>
        <div className={styles.documents}>
          <DocumentField label="Passport" multiple={false} max={1} documents={passport} onChange={setPassport} {...documentProps} />
          <DocumentField label="Supporting Documents" multiple max={MAX_SUPPORTING_DOCUMENTS} documents={supporting} onChange={setSupporting} {...documentProps} />
        </div>
      </fieldset>

      <div className={styles.terms}>
        <CheckboxField registration={register('terms')}>
          I have read and agree to the{' '}
          <Link to={paths.terms} target="_blank" rel="noopener">
            terms and conditions<span className="tca-visually-hidden"> (opens in a new tab)</span>
          </Link>
          .
        </CheckboxField>
      </div>

      <div className={styles.payRow}>
        <button ref={payButton} type="submit" className={`tca-button ${styles.pay}`} disabled={!termsAccepted || busy || uploading} aria-describedby="pay-now-help">
          PAY NOW
        </button>
        <p id="pay-now-help" className={styles.payHelp}>
          {termsAccepted ? `You pay ${level.price} AUD on the card provider's secure page.` : 'Tick the terms and conditions to enable PAY NOW.'}
          {uploading ? ' Waiting for the documents to finish uploading.' : ''}
        </p>
      </div>
      <p className={styles.progress} role="status">
        {outcome.kind === 'sending' ? 'Creating your secure checkout…' : outcome.kind === 'redirecting' ? TEXT.redirecting : ''}
      </p>

      {notAllowed ? <NotAllowedDialog title={notAllowed.title} message={notAllowed.message} onClose={() => setNotAllowed(null)} returnFocusTo={payButton.current} /> : null}
    </form>
  );
}
