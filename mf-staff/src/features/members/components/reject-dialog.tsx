import { useState } from 'react';
import { MEMBERSHIP_REJECTION_REASON_MAX, type MembershipRequest } from '@tca/contracts';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { membersCatalog } from '../messages.js';
import { reasonError } from '../membership-requests.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';

interface RejectDialogProps {
  request: MembershipRequest;
  busy: boolean;
  /** The server's refusal, shown in the dialog (the dialog stays open to correct it). */
  failure: string | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** Rejecting asks for the reason first: it is e-mailed to the member. */
export function RejectDialog({ request, busy, failure, onReject, onCancel }: RejectDialogProps) {
  const t = useT(membersCatalog);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (busy) return;
    const problem = reasonError(reason);
    setError(problem);
    if (problem === null) onReject(reason.trim());
  };
  return (
    <ConfirmDialog
      title={t('reject.title', { id: request.requestId })}
      written={request.requestId}
      description={t('reject.description', { name: request.name, email: request.email, level: request.membershipName })}
      confirmLabel={t('reject.confirm')}
      busy={busy}
      form="reject-form"
      onConfirm={submit}
      onCancel={onCancel}
    >
      {failure ? <Banner tone="error" title={failure} /> : null}
      <form
        id="reject-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('reject.label')} required error={error ?? undefined} hint={t('reject.hint', { max: MEMBERSHIP_REJECTION_REASON_MAX })} errorLines={1}>
          {(control) => (
            <textarea
              {...control}
              className={`${fieldClasses.control} ${fieldClasses.textarea}`}
              rows={4}
              maxLength={MEMBERSHIP_REJECTION_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </form>
    </ConfirmDialog>
  );
}
