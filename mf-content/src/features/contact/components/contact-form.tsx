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
import type { FormFailure } from '../../../shared/form-failure.js';
import { contactFailure, CONTACT_SUCCESS_TEXT } from '../contact-failure.js';
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
        Write to us
      </h2>
      <RequiredNote />
      {/* Always present, so the notice is announced when it appears. */}
      <div role="status">
        {outcome?.kind === 'sent' ? (
          <Banner tone="success" title={CONTACT_SUCCESS_TEXT} role={null}>
            <p>Thank you for getting in touch. We will reply to the e-mail address you gave us.</p>
          </Banner>
        ) : null}
      </div>
      {outcome?.kind === 'failed' ? (
        <Banner tone="error" title={outcome.failure.message}>
          {outcome.failure.detail ? <p>{outcome.failure.detail}</p> : null}
        </Banner>
      ) : null}
      <FieldGrid>
        <TextField label="Name" required autoComplete="name" registration={register('name')} error={errors.name?.message} />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          required
          autoComplete="tel"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          required
          wide
          autoComplete="email"
          registration={register('senderEmail')}
          error={errors.senderEmail?.message}
        />
        <TextAreaField label="Message" required rows={6} maxLength={5000} registration={register('message')} error={errors.message?.message} />
      </FieldGrid>
      <Honeypot registration={register(HONEYPOT_FIELD)} />
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
