import type { PoolClient } from '@tca/service-kit';
import { recordEvent } from '../data-access/event-repository.js';
import { findRefund, insertRefund, lockPaidPayment, refundsOf, type RefundReason, type StoredRefund } from '../data-access/refund-repository.js';
import type { CheckoutSandboxOptions } from './checkout-sandbox.js';
import { chargeIdOf } from './checkout-session.js';
import { integerParam, parseMetadata, stringParam } from './create-session-params.js';
import { newRefundId } from './ids.js';
import { invalidRequest, missingParam, StripeApiError } from './stripe-error.js';

type Params = Record<string, unknown>;

const REASONS: readonly RefundReason[] = ['duplicate', 'fraudulent', 'requested_by_customer'];
const KNOWN_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand', 'instructions_email']);

export interface CreateRefundInput {
  /** The PaymentIntent (pi_…), or found from `charge` (ch_…). */
  paymentIntent: string;
  amount: number | undefined;
  reason: RefundReason | null;
  metadata: Record<string, string>;
}

/** Checks POST /v1/refunds's parameters as Stripe does: a payment_intent or a charge, an optional amount, reason and metadata. */
export function parseCreateRefund(params: Params): CreateRefundInput {
  for (const key of Object.keys(params)) {
    if (!KNOWN_PARAMS.has(key)) throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
  const paymentIntent = stringParam(params, 'payment_intent', 'payment_intent') || undefined;
  const charge = stringParam(params, 'charge', 'charge') || undefined;
  if (!paymentIntent && !charge) throw missingParam('payment_intent');
  if (paymentIntent && charge) throw invalidRequest('You cannot specify both `charge` and `payment_intent`.', 'charge');
  let amount: number | undefined;
  if (params.amount !== undefined && params.amount !== '') {
    amount = integerParam(params.amount, 'amount');
    if (amount < 1) throw invalidRequest('Refund amount must be a positive integer.', 'amount', 'amount_too_small');
  }
  const reason = stringParam(params, 'reason', 'reason') || null;
  if (reason !== null && !REASONS.includes(reason as RefundReason)) throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
  return {
    paymentIntent: paymentIntent ?? `pi_${(charge ?? '').replace(/^ch_/, '')}`,
    amount,
    reason: reason as RefundReason | null,
    metadata: parseMetadata(params.metadata),
  };
}

/** A refund as Stripe's API shows it. */
export function toStripeRefund(refund: StoredRefund) {
  return {
    id: refund.id,
    object: 'refund' as const,
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.charge,
    created: refund.created,
    currency: refund.currency,
    destination_details: null,
    metadata: refund.metadata,
    payment_intent: refund.payment_intent,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: refund.status,
    transfer_reversal: null,
  };
}

/** The charge after its refunds, as charge.refunded carries it (with its refunds listed). */
function toStripeCharge(paymentIntent: string, payment: { amount_total: number; currency: string; created: number }, refunds: StoredRefund[]) {
  const charge = chargeIdOf(paymentIntent);
  const refunded = refunds.filter((refund) => refund.status === 'succeeded' || refund.status === 'pending').reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: charge,
    object: 'charge' as const,
    amount: payment.amount_total,
    amount_captured: payment.amount_total,
    amount_refunded: refunded,
    captured: true,
    created: payment.created,
    currency: payment.currency,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntent,
    refunded: refunded >= payment.amount_total,
    refunds: { object: 'list' as const, data: [...refunds].reverse().map(toStripeRefund), has_more: false, total_count: refunds.length, url: `/v1/charges/${charge}/refunds` },
    status: 'succeeded' as const,
  };
}

export function noSuchRefund(id: string): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such refund: '${id}'`, 'resource_missing', 'id');
}

/**
 * The sandbox's Refunds: a refund of a paid session's PaymentIntent succeeds at once (as a card refund
 * usually does) and sends `charge.refunded` and `refund.updated` through the signed delivery loop. Refunding
 * more than is left is refused as Stripe does (`charge_already_refunded`, `amount_too_large`).
 */
export class RefundSandbox {
  constructor(private readonly options: Pick<CheckoutSandboxOptions, 'pool' | 'config' | 'switches' | 'onEvent'>) {}

  /** POST /v1/refunds, in the caller's transaction (the idempotent request's). */
  async create(client: PoolClient, input: CreateRefundInput, nowSeconds: number): Promise<StoredRefund> {
    const payment = await lockPaidPayment(client, input.paymentIntent);
    if (!payment) throw new StripeApiError(404, 'invalid_request_error', `No such payment_intent: '${input.paymentIntent}'`, 'resource_missing', 'payment_intent');
    const charge = chargeIdOf(input.paymentIntent);
    const earlier = await refundsOf(client, input.paymentIntent);
    const left = payment.amount_total - earlier.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled').reduce((sum, refund) => sum + refund.amount, 0);
    if (left <= 0) throw new StripeApiError(400, 'invalid_request_error', `Charge ${charge} has already been refunded.`, 'charge_already_refunded');
    const amount = input.amount ?? left;
    if (amount > left) {
      throw new StripeApiError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large', 'amount');
    }
    const refund = await insertRefund(client, {
      id: newRefundId(),
      payment_intent: input.paymentIntent,
      charge,
      amount,
      currency: payment.currency,
      status: 'succeeded',
      reason: input.reason,
      metadata: input.metadata,
      created: nowSeconds,
    });
    const delivery = { endpoints: this.options.config.SANDBOX_WEBHOOK_URL, copies: this.options.switches.duplicateDelivery ? 2 : 1 };
    await recordEvent(client, 'charge.refunded', toStripeCharge(input.paymentIntent, payment, [...earlier, refund]), delivery);
    await recordEvent(client, 'refund.updated', toStripeRefund(refund), delivery);
    return refund;
  }

  async get(id: string): Promise<StoredRefund> {
    const refund = await findRefund(this.options.pool, id);
    if (!refund) throw noSuchRefund(id);
    return refund;
  }

  /** Tells the delivery loop an event was committed. */
  notifyEvent(): void {
    this.options.onEvent?.();
  }

}
