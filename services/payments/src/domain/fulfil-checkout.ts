import { memberDetailsSchema, QUEUES } from '@tca/contracts';
import { addToOutbox, AppError, withTransaction, type Logger, type OutboxRelay, type Pool } from '@tca/service-kit';
import {
  attachSession,
  findOrderByReference,
  findOrderBySession,
  flagProblem,
  lockBuyer,
  markPaid,
  moveStatus,
  overlappingPaidOrder,
  type Order,
} from '../data-access/order-repository.js';
import { IdentityCallError, type CreatedMembership, type IdentityInternalClient } from './identity-internal-client.js';
import { receiptEmail } from './receipt-email.js';
import { isTransientStripeError, type Stripe } from './stripe-client.js';

/** Why fulfil is called: a webhook event's type, the success page, the cancel page or the reconciliation sweep. */
export type FulfilReason = 'completed' | 'async_payment_succeeded' | 'async_payment_failed' | 'expired' | 'lookup' | 'abandon' | 'reconcile';

export type FulfilOutcome =
  /** This call marked the order paid (and queued the receipt). */
  | 'fulfilled'
  /** Paid, and an earlier call had already done everything. */
  | 'already_fulfilled'
  /** A second payment for a membership another order of the member paid while this one was open: refunded, no membership. */
  | 'second_payment_refunded'
  /** The session is open and unpaid. */
  | 'unpaid'
  /** Complete, waiting for a delayed payment method. */
  | 'processing'
  | 'failed'
  | 'expired'
  /** No order of ours has this session. */
  | 'unknown_session';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order?: Order;
  session?: Stripe.Checkout.Session;
}

/** Stripe or identity could not be reached (or answered 5xx): try again later. `session` when Stripe did answer. */
export class TransientFulfilmentError extends Error {
  override name = 'TransientFulfilmentError';
  constructor(
    message: string,
    readonly session?: Stripe.Checkout.Session,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Trying again cannot help: a session that disagrees with its order, or identity refusing the request. */
export class PermanentFulfilmentError extends Error {
  override name = 'PermanentFulfilmentError';
  constructor(
    message: string,
    readonly session?: Stripe.Checkout.Session,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface FulfilmentDeps {
  pool: Pool;
  stripe: Stripe;
  identity: IdentityInternalClient;
  /** Nudged after a receipt is recorded in the outbox. */
  relay?: OutboxRelay;
  logger: Logger;
  publicUrl: string;
  /**
   * Refunds a second payment in full (refunds.ts's refundOrder as the system): injected, so fulfilment and
   * refunds do not import each other. Throws AppError 409 when it is refunded already.
   */
  refundSecondPayment(order: Order, reason: string): Promise<void>;
}

export interface Fulfilment {
  /**
   * Brings the order of Checkout Session `sessionId` in line with the session as Stripe reports it now. Safe
   * to call any number of times, from any number of processes at once: the membership is created once
   * (identity is idempotent per session) and the order is marked paid, with its receipt queued, once.
   * Expired and failed sessions never touch a paid order.
   */
  fulfil(sessionId: string, reason: FulfilReason): Promise<FulfilResult>;
}

/** What the treasurer reads about a second payment (the order's problem, the refund's reason). */
function secondPaymentProblem(order: Order, first: Order): string {
  return `Second payment for the ${order.level ?? order.productName} membership: order ${first.reference} paid it while this checkout was open; refunded automatically.`;
}

/** What the order's history names as the cause of a change fulfil makes. */
function historySource(reason: FulfilReason): string {
  return `fulfil (${reason})`;
}

/** The session's PaymentIntent id (expanded or not), what a refund names. */
export function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (intent === null) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || (session.payment_status === 'no_payment_required' && session.status === 'complete');
}

export function createFulfilment(deps: FulfilmentDeps): Fulfilment {
  const { pool, stripe, identity, logger } = deps;

  async function retrieve(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (err) {
      if (isTransientStripeError(err)) throw new TransientFulfilmentError(`Stripe: ${(err as Error).message}`, undefined, { cause: err });
      throw new PermanentFulfilmentError(`Stripe cannot retrieve ${sessionId}: ${(err as Error).message}`, undefined, { cause: err });
    }
  }

  /** The order of a session; also finds one whose session id was never stored (a crash right after Stripe created it). */
  async function orderFor(session: Stripe.Checkout.Session): Promise<Order | undefined> {
    const bySession = await findOrderBySession(pool, session.id);
    if (bySession) return bySession;
    const reference = session.client_reference_id;
    if (!reference) return undefined;
    const byReference = await findOrderByReference(pool, reference);
    if (!byReference || byReference.stripeSessionId !== null) return undefined;
    await attachSession(pool, byReference.id, session.id);
    return findOrderBySession(pool, session.id);
  }

  async function createMembership(order: Order, session: Stripe.Checkout.Session): Promise<CreatedMembership | undefined> {
    if (order.kind !== 'membership') return undefined;
    const details = memberDetailsSchema.safeParse(order.memberDetails);
    if (!order.level || !order.userId || !details.success) {
      throw new PermanentFulfilmentError(`order ${order.reference} has no valid membership details`, session);
    }
    try {
      return await identity.createMembership({
        checkoutSessionId: session.id,
        userId: order.userId,
        membershipName: order.level,
        details: details.data,
        amountTotal: session.amount_total ?? order.amountCents,
        currency: session.currency ?? order.currency,
      });
    } catch (err) {
      if (err instanceof IdentityCallError && err.permanent) throw new PermanentFulfilmentError(err.message, session, { cause: err });
      throw new TransientFulfilmentError(err instanceof Error ? err.message : String(err), session, { cause: err });
    }
  }

  /** A second payment: refunded in full at once (Stripe's confirmation then settles it and e-mails the member). */
  async function refundSecondPayment(order: Order, session: Stripe.Checkout.Session, first: Order): Promise<FulfilResult> {
    try {
      await deps.refundSecondPayment(order, secondPaymentProblem(order, first));
    } catch (err) {
      if (!(err instanceof AppError && err.status === 409)) throw new TransientFulfilmentError(`refunding the second payment ${order.reference}: ${(err as Error).message}`, session, { cause: err });
    }
    logger.warn({ order: order.reference, first: first.reference, sessionId: session.id }, 'second payment for the same membership; refunded automatically');
    return { outcome: 'second_payment_refunded', order: (await findOrderBySession(pool, session.id)) ?? order, session };
  }

  async function settlePaid(order: Order, session: Stripe.Checkout.Session, reason: FulfilReason): Promise<FulfilResult> {
    const problem =
      session.client_reference_id !== order.reference
        ? `session ${session.id} names order ${String(session.client_reference_id)}, not ${order.reference}`
        : session.amount_total !== order.amountCents || session.currency?.toLowerCase() !== order.currency
          ? `session ${session.id} is ${String(session.amount_total)} ${String(session.currency)}, the order ${order.amountCents} ${order.currency}`
          : undefined;
    if (problem) {
      await flagProblem(pool, order.id, problem);
      logger.error({ order: order.reference, sessionId: session.id, problem }, 'paid session disagrees with its order; not fulfilled');
      throw new PermanentFulfilmentError(problem, session);
    }
    if (order.status === 'refunded' || (order.status === 'paid' && (order.kind !== 'membership' || order.membershipRequestId !== null))) {
      return { outcome: 'already_fulfilled', order, session };
    }
    const customerEmail = session.customer_details?.email ?? order.email ?? session.customer_email ?? null;
    const paidDetails = { customerEmail, paymentIntentId: paymentIntentOf(session), source: historySource(reason) };
    // One member's payments for one level are settled one at a time, so a second payment is seen as one.
    const settled = await withTransaction(pool, async (client) => {
      if (order.kind === 'membership' && order.userId && order.level) {
        await lockBuyer(client, order.userId, order.level);
        const first = await overlappingPaidOrder(client, order);
        if (first) {
          await markPaid(client, order.id, { ...paidDetails, membershipRequestId: null, membershipStatus: null });
          await flagProblem(client, order.id, secondPaymentProblem(order, first));
          return { secondPaymentOf: first };
        }
      }
      const membership = await createMembership(order, session);
      const paid = await markPaid(client, order.id, { ...paidDetails, membershipRequestId: membership?.requestId ?? null, membershipStatus: membership?.status ?? null });
      if (!paid) return { paid: undefined };
      const to = order.kind === 'membership' ? (order.email ?? customerEmail) : customerEmail;
      if (to) {
        const receipt = receiptEmail(paid, to, deps.publicUrl);
        await addToOutbox(client, { queue: QUEUES.email, name: 'payment-receipt', jobId: receipt.key, payload: receipt });
      } else {
        logger.warn({ order: paid.reference }, 'paid order has no e-mail address; no receipt sent');
      }
      return { paid };
    });
    if (settled.secondPaymentOf) return refundSecondPayment(order, session, settled.secondPaymentOf);
    const changed = settled.paid;
    if (changed) {
      deps.relay?.nudge();
      logger.info({ order: changed.reference, sessionId: session.id, kind: order.kind, requestId: changed.membershipRequestId }, 'order paid and fulfilled; receipt queued');
      return { outcome: 'fulfilled', order: changed, session };
    }
    // Someone else marked it paid meanwhile; they created the same membership (identity is idempotent).
    return { outcome: 'already_fulfilled', order: (await findOrderBySession(pool, session.id)) ?? order, session };
  }

  return {
    async fulfil(sessionId, reason) {
      const session = await retrieve(sessionId);
      const order = await orderFor(session);
      if (!order) {
        logger.warn({ sessionId, reason }, 'no order for this checkout session; ignored');
        return { outcome: 'unknown_session', session };
      }
      if (isPaid(session)) return settlePaid(order, session, reason);
      if (session.status === 'expired') {
        // An abandoned order stays abandoned (the cancel page expired it); a paid one is never touched.
        await moveStatus(pool, order.id, 'expired', ['created', 'open', 'processing'], historySource(reason));
        return { outcome: 'expired', order, session };
      }
      if (session.status === 'complete') {
        // Paid by a delayed method: wait for async_payment_succeeded or _failed.
        if (reason === 'async_payment_failed') {
          await moveStatus(pool, order.id, 'failed', ['created', 'open', 'processing'], historySource(reason));
          logger.info({ order: order.reference, sessionId }, 'delayed payment failed');
          return { outcome: 'failed', order, session };
        }
        await moveStatus(pool, order.id, 'processing', ['created', 'open'], historySource(reason));
        return { outcome: order.status === 'failed' ? 'failed' : 'processing', order, session };
      }
      return { outcome: 'unpaid', order, session };
    },
  };
}
