import { useState } from 'react';
import { TICKET_MESSAGE_MAX } from '@tca/contracts';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { supportCatalog } from '../messages.js';
import { messageError } from '../support-desk.js';
import staff from '../../../shared/staff.module.css';

interface MessageBoxProps {
  /** The form's id (and its field's name prefix): "reply", "note". */
  id: string;
  label: string;
  hint: string;
  button: string;
  busy: boolean;
  /** Sends the trimmed text; resolves true when it was accepted (the box is emptied). */
  onSend: (body: string) => Promise<boolean>;
  /** A class for the box (the note's is tinted). */
  className?: string | undefined;
}

/** A message to send (a reply or a note): the text, checked with the server's rule before sending, and its button. */
export function MessageBox({ id, label, hint, button, busy, onSend, className }: MessageBoxProps) {
  const t = useT(supportCatalog);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      id={`${id}-form`}
      noValidate
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const problem = messageError(body);
        setError(problem);
        if (problem !== null) return;
        void onSend(body.trim()).then((sent) => {
          if (sent) setBody('');
        });
      }}
    >
      <Field label={label} required error={error ?? undefined} hint={hint} errorLines={1}>
        {(control) => (
          <textarea
            {...control}
            className={`${fieldClasses.control} ${fieldClasses.textarea}`}
            rows={5}
            maxLength={TICKET_MESSAGE_MAX}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <p className={staff.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? t('message.sending') : button}
        </button>
      </p>
    </form>
  );
}
