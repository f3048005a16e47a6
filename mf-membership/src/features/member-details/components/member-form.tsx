import { useCallback, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from '@tca/ui/router';
import { AUSTRALIAN_STATES, GENDERS, MARITAL_STATUSES, paths, type MembershipLevel } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { Banner, CheckboxField, Field, FieldGrid, fieldClasses, RequiredNote, SelectField, TextField } from '@tca/ui/forms';
import { readLoginSession, tabStorage, type LoginSession } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { isRedirectUrl } from '../../../shared/checkout-redirect.js';
import { forgetLevel } from '../../../shared/chosen-level.js';
import { useLater } from '../../../shared/hooks/use-later.js';
import { cardPrice } from '../../../shared/level-text.js';
import { foreignText, sharedCatalog, shownText, TEXT, TIMING } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import { createCheckoutSession } from '../api/create-checkout-session.js';
import { checkoutFailure } from '../checkout-failure.js';
import { MAX_SUPPORTING_DOCUMENTS } from '../documents.js';
import { detailsCatalog, detailsText } from '../messages.js';
import { invalidFormMessage, memberDetails, memberFormDefaults, memberFormErrors, type MemberFormValues } from '../member-form-values.js';
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


/** Today as YYYY-MM-DD in the visitor's time zone (the latest date of birth the picker offers). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A field's message (the schema's or the server's English) in the language shown. */
const shown = (message: string | undefined) => (message === undefined ? undefined : detailsText(message));

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
  const t = useT(detailsCatalog);
  useT(sharedCatalog);
  const lang = useLang();
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
  // The option lists by their values (a state's label in Tamil is its name only: the code is English).
  const stateOptions = AUSTRALIAN_STATES.map((value) => ({ value, label: t(value) }));
  const genderOptions = GENDERS.map((value) => ({ value, label: t(value) }));
  const maritalOptions = MARITAL_STATUSES.map((value) => ({ value, label: t(value) }));
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
        {t('form.title')}
      </h2>
      <RequiredNote />
      <div className={styles.banners}>
        {outcome.kind === 'invalid' ? <Banner tone="error" title={shownText(detailsText(outcome.text))} /> : null}
        {outcome.kind === 'failed' ? (
          <Banner ref={bannerRef} tone="error" title={shownText(outcome.title)}>
            {outcome.detail ? <p lang={foreignText(outcome.detail)}>{outcome.detail}</p> : null}
          </Banner>
        ) : null}
        {outcome.kind === 'already-active' ? (
          <Banner ref={bannerRef} tone="error" title={shownText(TEXT.alreadyActive)}>
            <p>
              {richText(t('form.active'), {
                0: (text) => <Link to={paths.profile}>{text}</Link>,
                1: (text) => <Link to={paths.membership}>{text}</Link>,
              })}
            </p>
          </Banner>
        ) : null}
      </div>

      <fieldset className={styles.group}>
        <legend>{t('group.personal')}</legend>
        <FieldGrid>
          <TextField label={t('f.firstName')} required autoComplete="given-name" registration={register('firstName')} error={shown(errors.firstName?.message)} />
          <TextField label={t('f.lastName')} required autoComplete="family-name" registration={register('lastName')} error={shown(errors.lastName?.message)} />
          <Field label={t('f.email')} required error={shown(errors.email?.message)} hint={t('hint.email')}>
            {(control) => <input {...control} {...register('email')} type="email" readOnly className={`${fieldClasses.control} ${styles.locked}`} autoComplete="email" />}
          </Field>
          <TextField label={t('f.phoneNumber')} required type="tel" inputMode="tel" autoComplete="tel" registration={register('phoneNumber')} error={shown(errors.phoneNumber?.message)} />
          <Field label={t('f.dateOfBirth')} required error={shown(errors.dateOfBirth?.message)}>
            {(control) => <input {...control} {...register('dateOfBirth')} type="date" max={today()} min="1900-01-01" autoComplete="bday" className={fieldClasses.control} />}
          </Field>
          <SelectField label={t('f.gender')} required placeholder={t('pick.gender')} options={genderOptions} registration={register('gender')} error={shown(errors.gender?.message)} />
          <SelectField
            label={t('f.maritalStatus')}
            required
            placeholder={t('pick.marital')}
            options={maritalOptions}
            registration={register('maritalStatus')}
            error={shown(errors.maritalStatus?.message)}
          />
          <TextField label={t('f.profession')} required autoComplete="organization-title" registration={register('profession')} error={shown(errors.profession?.message)} />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('group.address')}</legend>
        <FieldGrid>
          <TextField label={t('f.addressLine1')} required wide autoComplete="address-line1" registration={register('addressLine1')} error={shown(errors.addressLine1?.message)} />
          <TextField label={t('f.suburb')} required autoComplete="address-level2" registration={register('suburb')} error={shown(errors.suburb?.message)} />
          <SelectField label={t('f.stateProvince')} required placeholder={t('pick.state')} options={stateOptions} registration={register('stateProvince')} error={shown(errors.stateProvince?.message)} />
          <TextField label={t('f.postalCode')} required inputMode="text" autoComplete="postal-code" registration={register('postalCode')} error={shown(errors.postalCode?.message)} hint={t('hint.postalCode')} />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('group.more')}</legend>
        <FieldGrid>
          <TextField label={t('f.referredBy')} wide registration={register('referredBy')} error={shown(errors.referredBy?.message)} hint={t('hint.referredBy')} />
        </FieldGrid>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('group.documents')}</legend>
        <div className={styles.documents}>
          <DocumentField label={t('f.passport')} multiple={false} max={1} documents={passport} onChange={setPassport} {...documentProps} />
          <DocumentField label={t('f.supporting')} multiple max={MAX_SUPPORTING_DOCUMENTS} documents={supporting} onChange={setSupporting} {...documentProps} />
        </div>
      </fieldset>

      <div className={styles.terms}>
        <CheckboxField registration={register('terms')}>
          {richText(t('terms'), {
            0: (text) => (
              <Link to={paths.terms} target="_blank" rel="noopener">
                {text}
                <span className="tca-visually-hidden">{t('terms.newTab')}</span>
              </Link>
            ),
          })}
        </CheckboxField>
      </div>

      <div className={styles.payRow}>
        <button ref={payButton} type="submit" className={`tca-button ${styles.pay}`} disabled={!termsAccepted || busy || uploading} aria-describedby="pay-now-help">
          {t('pay')}
        </button>
        <p id="pay-now-help" className={styles.payHelp}>
          {termsAccepted ? t('pay.help', { price: cardPrice(level, lang) }) : t('pay.terms')}
          {uploading ? t('pay.uploading') : ''}
        </p>
      </div>
      <p className={styles.progress} role="status">
        {outcome.kind === 'sending' ? t('pay.sending') : outcome.kind === 'redirecting' ? shownText(TEXT.redirecting) : ''}
      </p>

      {notAllowed ? <NotAllowedDialog title={detailsText(notAllowed.title)} message={detailsText(notAllowed.message)} onClose={() => setNotAllowed(null)} returnFocusTo={payButton.current} /> : null}
    </form>
  );
}
