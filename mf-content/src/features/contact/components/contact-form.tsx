import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactMessageSchema,
  HONEYPOT_FIELD,
  type ContactMessage,
  type ContactMessageInput,
} from '@tca/contracts';
import { Banner, FieldGrid, Honeypot, RequiredNote, TextAreaField, TextField } from '@tca/ui/forms';
import { readUser } from '@tca/ui/session';
import { useT } from '@tca/ui/i18n';
import type { FormFailure } from '../../../shared/form-failure.js';
import { shownText } from '../../../shared/forms/messages.js';
import { contactFailure } from '../contact-failure.js';
import { contactCatalog } from '../messages.js';
import { contactPrefill } from '../contact-prefill.js';
import { sendContactMessage } from '../api/send-contact-message.js';
import styles from '../../../shared/form.module.css';

/** Spec §9: the contact notice shows for 5 seconds. */
export const CONTACT_NOTICE_MS = 5000;

const VISIBLE_FIELDS = ['name', 'phoneNumber', 'senderEmail', 'message'] as const;
type VisibleField = (typeof VISIBLE_FIELDS)[number];

const EMPTY: ContactMessageInput = { name: '', phoneNumber: '', senderEmail: '', message: '', [HONEYPOT_FIELD]: '' };

type Outcome = { kind: 'sent' } | { kind: 'failed'; failure: FormFailure<VisibleField> } | null;

/**
 * The Get in touch form (spec §2.3, §4, §5, §8): prefilled from the stored user, validated in the
 * browser with the server's own schema, 'Message Sent' for 5 s and cleared on success; unlike the
 * old site, a failure is shown.
 */
export function ContactForm() {
  const t = useT(contactCatalog);
  const [initial] = useState<ContactMessageInput>(() => ({ ...EMPTY, ...contactPrefill(readUser()) }));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({ resolver: zodResolver(contactMessageSchema), defaultValues: initial });

  useEffect(() => {
    if (outcome?.kind !== 'sent') return;
    const timer = setTimeout(() => setOutcome(null), CONTACT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onValid = async (message: ContactMessage) => {
    setOutcome(null);
    const result = await sendContactMessage(message);
    if (result.kind === 'ok') {
      reset(EMPTY);
      setOutcome({ kind: 'sent' });
      return;
    }
    const failure = contactFailure(result, VISIBLE_FIELDS);
    let focused = false;
    for (const field of VISIBLE_FIELDS) {
      const text = failure.fields[field];
      if (!text) continue;
      setError(field, { type: 'server', message: text }, { shouldFocus: !focused });
      focused = true;
    }
    setOutcome({ kind: 'failed', failure });
  };

  const onInvalid = () => setOutcome(null);

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="contact-form-title"
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        // A second press while sending is ignored (the button stays focusable, so it is not disabled).
        if (isSubmitting) event.preventDefault();
        else void handleSubmit(onValid, onInvalid)(event);
      }}
    >
      <h2 id="contact-form-title" className={styles.title}>
        {t('form.title')}
      </h2>
      <RequiredNote />
      {/* Always present, so the notice is announced when it appears. */}
      <div role="status">
        {outcome?.kind === 'sent' ? (
          <Banner tone="success" title={t('sent.title')} role={null}>
            <p>{t('sent.text')}</p>
          </Banner>
        ) : null}
      </div>
      {outcome?.kind === 'failed' ? (
        <Banner tone="error" title={outcome.failure.message}>
          {outcome.failure.detail ? <p lang={outcome.failure.lang}>{outcome.failure.detail}</p> : null}
        </Banner>
      ) : null}
      <FieldGrid>
        <TextField label={t('form.name')} required autoComplete="name" registration={register('name')} error={shownText(errors.name?.message)} />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          required
          autoComplete="tel"
          registration={register('phoneNumber')}
          error={shownText(errors.phoneNumber?.message)}
        />
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          required
          wide
          autoComplete="email"
          registration={register('senderEmail')}
          error={shownText(errors.senderEmail?.message)}
        />
        <TextAreaField label={t('form.message')} required rows={6} maxLength={5000} registration={register('message')} error={shownText(errors.message?.message)} />
      </FieldGrid>
      <Honeypot registration={register(HONEYPOT_FIELD)} />
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t('form.sending') : t('form.send')}
        </button>
      </div>
    </form>
  );
}
