import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_TICKET_COUNTRY_CODE,
  HONEYPOT_FIELD,
  ISSUE_TYPES,
  supportTicketSchema,
  TICKET_COUNTRY_CODES,
  type IssueType,
  type SupportTicket,
  type SupportTicketInput,
} from '@tca/contracts';
import { Banner, FieldGrid, Honeypot, PhoneField, RequiredNote, SelectField, TextAreaField, TextField } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { shownText } from '../../../shared/forms/messages.js';
import { ticketFailure } from '../ticket-failure.js';
import { ticketCatalog } from '../messages.js';
import { submitSupportTicket } from '../api/submit-support-ticket.js';
import styles from '../../../shared/form.module.css';

/** The select starts on its empty 'Select issue type' choice, which the schema rejects. */
type TicketFormValues = Omit<SupportTicketInput, 'issueType'> & { issueType: IssueType | '' };

/** Spec §4: after a success the form goes back to these, country code +91 included. */
const DEFAULTS: TicketFormValues = {
  name: '',
  email: '',
  countryCode: DEFAULT_TICKET_COUNTRY_CODE,
  phone: '',
  issueType: '',
  issueDescription: '',
  [HONEYPOT_FIELD]: '',
};

const VISIBLE_FIELDS = ['name', 'email', 'countryCode', 'phone', 'issueType', 'issueDescription'] as const;

/** Spec §4: idle → submitting → success or error; both banners clear when a new submit starts. */
type TicketState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'success'; reference: string | null }
  /** `onField`: focus went to the first field the server rejected, so the banner does not take it. */
  | { phase: 'error'; message: string; lang: 'en' | undefined; onField: boolean };

/** The support ticket form of spec §2.3, §4, §5 and §8. */
export function TicketForm() {
  const t = useT(ticketCatalog);
  const issueTypes = useMemo(() => ISSUE_TYPES.map(({ value }) => ({ value, label: t(`type.${value}`) })), [t]);
  const [state, setState] = useState<TicketState>({ phase: 'idle' });
  const banner = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TicketFormValues, unknown, SupportTicket>({
    resolver: zodResolver<TicketFormValues, unknown, SupportTicket>(supportTicketSchema),
    defaultValues: DEFAULTS,
  });

  // The submit button is disabled while submitting, which drops keyboard focus: put it on the outcome.
  useEffect(() => {
    if (state.phase === 'success' || (state.phase === 'error' && !state.onField)) banner.current?.focus();
  }, [state]);

  const onValid = async (ticket: SupportTicket) => {
    setState({ phase: 'submitting' });
    const result = await submitSupportTicket(ticket);
    if (result.kind === 'ok') {
      reset(DEFAULTS);
      setState({ phase: 'success', reference: result.answer?.reference ?? null });
      return;
    }
    const failure = ticketFailure(result, VISIBLE_FIELDS);
    let onField = false;
    for (const field of VISIBLE_FIELDS) {
      const text = failure.fields[field];
      if (!text) continue;
      setError(field, { type: 'server', message: text }, { shouldFocus: !onField });
      onField = true;
    }
    setState({ phase: 'error', message: failure.message, lang: failure.lang, onField });
  };

  const submitting = state.phase === 'submitting';

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="ticket-form-title"
      aria-busy={submitting}
      onSubmit={(event) => void handleSubmit(onValid, () => setState({ phase: 'idle' }))(event)}
    >
      <h2 id="ticket-form-title" className={styles.title}>
        {t('form.title')}
      </h2>
      <RequiredNote />
      {state.phase === 'success' ? (
        <Banner ref={banner} tone="success" title={t('done.title')}>
          {state.reference ? (
            <p>{richText(t('done.reference', { reference: state.reference }), { 0: (text) => <span className={styles.reference}>{text}</span> })}</p>
          ) : null}
        </Banner>
      ) : null}
      {state.phase === 'error' ? (
        // A server's English words on a Tamil page are marked (Banner takes no lang of its own).
        <div lang={state.lang}>
          <Banner ref={banner} tone="error" title={state.message} />
        </div>
      ) : null}
      <FieldGrid>
        <TextField label={t('form.name')} required autoComplete="name" registration={register('name')} error={shownText(errors.name?.message)} />
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          required
          autoComplete="email"
          registration={register('email')}
          error={shownText(errors.email?.message)}
        />
        <PhoneField
          label={t('form.phone')}
          required
          countryCodes={TICKET_COUNTRY_CODES}
          registration={register('phone')}
          countryRegistration={register('countryCode')}
          error={shownText(errors.phone?.message)}
          countryError={shownText(errors.countryCode?.message)}
        />
        <SelectField
          label={t('form.issueType')}
          required
          placeholder={t('form.pickType')}
          options={issueTypes}
          registration={register('issueType')}
          error={shownText(errors.issueType?.message)}
        />
        <TextAreaField
          label={t('form.details')}
          required
          rows={4}
          maxLength={5000}
          registration={register('issueDescription')}
          error={shownText(errors.issueDescription?.message)}
        />
      </FieldGrid>
      <Honeypot registration={register(HONEYPOT_FIELD)} />
      <div className={styles.actions}>
        <button type="submit" className="tca-button" disabled={submitting}>
          {submitting ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
