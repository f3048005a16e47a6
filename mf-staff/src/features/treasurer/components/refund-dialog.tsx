import { useState } from 'react';
import { REFUND_REASON_MAX, type StaffOrderDetail } from '@tca/contracts';
import { Banner, Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { treasurerCatalog } from '../messages.js';
import { amountText, refundReasonError } from '../treasurer.js';

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
  const t = useT(treasurerCatalog);
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
      title={t('refund.ask', { number: order.orderNumber })}
      written={order.orderNumber}
      description={t('refund.description', { amount: amountText(order.amountCents, order.currency), what: t(order.kind === 'membership' ? 'refund.membership' : 'refund.product') })}
      confirmLabel={t('refund.confirm')}
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
        <Field label={t('refund.reason')} required error={error ?? undefined} hint={t('refund.hint')} errorLines={1}>
          {(control) => (
            <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={3} maxLength={REFUND_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
      </form>
    </ConfirmDialog>
  );
}
