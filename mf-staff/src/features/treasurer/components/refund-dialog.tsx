import { useState } from 'react';
import { REFUND_REASON_MAX, type StaffOrderDetail } from '@tca/contracts';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { amountText, refundReasonError, TREASURER_TEXTS } from '../treasurer.js';

interface RefundDialogProps {
  order: StaffOrderDetail;
  busy: boolean;
  /** The server's refusal, shown in the dialog (it stays open). */
  failure: string | null;
  onRefund: (reason: string) => void;
  onCancel: () => void;
}

/** Refunding asks for the reason first and says what follows: the money back, the membership cancelled, the e-mail. */
export function RefundDialog({ order, busy, failure, onRefund, onCancel }: RefundDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (busy) return;
    const problem = refundReasonError(reason);
    setError(problem);
    if (problem === null) onRefund(reason.trim());
  };
  return (
    <ConfirmDialog
      title={TREASURER_TEXTS.refundTitle(order.orderNumber)}
      description={TREASURER_TEXTS.refundDescription(amountText(order.amountCents, order.currency), order.kind === 'membership' ? TREASURER_TEXTS.refundMembership : TREASURER_TEXTS.refundProduct)}
      confirmLabel={TREASURER_TEXTS.refundConfirm}
      busy={busy}
      form="refund-form"
      onConfirm={submit}
      onCancel={onCancel}
    >
      {failure ? <Banner tone="error" title={failure} /> : null}
      <form
        id="refund-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={TREASURER_TEXTS.reasonLabel} required error={error ?? undefined} hint={TREASURER_TEXTS.reasonHint} errorLines={1}>
          {(control) => (
            <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={3} maxLength={REFUND_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
      </form>
    </ConfirmDialog>
  );
}
