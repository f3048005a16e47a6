import { withTransaction, type Logger, type Pool, type PoolClient } from '@tca/service-kit';
import type { SandboxConfig } from '../config.js';
import { recordEvent } from '../data-access/event-repository.js';
import { completeSession, expireDueSessions, expireSession, findSession, insertSession } from '../data-access/session-repository.js';
import { toStripeSession, type EventType, type Expandable, type StoredSession } from './checkout-session.js';
import type { CreateSessionInput } from './create-session-params.js';
import { newFormToken, newLineItemId, newPaymentIntentId, newSessionId } from './ids.js';
import { invalidRequest, noSuchSession } from './stripe-error.js';
import type { Switches } from './switches.js';

const DAY_SECONDS = 24 * 60 * 60;

export interface CheckoutSandboxOptions {
  pool: Pool;
  config: SandboxConfig;
  switches: Switches;
  logger: Logger;
  /** Base URL of the hosted page (SANDBOX_PUBLIC_URL, or where the sandbox listens: known once it does). */
  publicUrl: () => string;
  /** Called after an event was committed, so the delivery loop sends it without waiting for its next poll. */
  onEvent?: () => void;
}

/** The sandbox's Checkout: sessions, their payment and expiry, and the events they cause. */
export class CheckoutSandbox {
  constructor(private readonly options: CheckoutSandboxOptions) {}

  get publicUrl(): string {
    return this.options.publicUrl();
  }

  view(session: StoredSession, expand: readonly Expandable[] = []) {
    return toStripeSession(session, { publicUrl: this.options.publicUrl(), expand });
  }

  async create(client: PoolClient, input: CreateSessionInput, nowSeconds: number): Promise<StoredSession> {
    const currency = input.currency;
    return insertSession(client, {
      id: newSessionId(),
      status: 'open',
      payment_status: 'unpaid',
      currency,
      amount_total: input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0),
      line_items: input.lineItems.map((item) => ({ id: newLineItemId(), name: item.name, description: item.description, unit_amount: item.unitAmount, quantity: item.quantity, currency })),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      customer_email: input.customerEmail,
      client_reference_id: input.clientReferenceId,
      metadata: input.metadata,
      created: nowSeconds,
      expires_at: input.expiresAt ?? nowSeconds + DAY_SECONDS,
      customer_details_email: null,
      customer_details_name: null,
      payment_intent: null,
      form_token: newFormToken(),
      locale: input.locale,
    });
  }

  async find(id: string): Promise<StoredSession | undefined> {
    return findSession(this.options.pool, id);
  }

  async get(id: string): Promise<StoredSession> {
    const session = await this.find(id);
    if (!session) throw noSuchSession(id);
    return session;
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  async expire(client: PoolClient, id: string): Promise<StoredSession> {
    const expired = await expireSession(client, id);
    if (!expired) {
      const current = await findSession(client, id);
      if (!current) throw noSuchSession(id);
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${current.status}".`, undefined, 'checkout_session_not_open');
    }
    await this.recordSessionEvent(client, 'checkout.session.expired', expired);
    return expired;
  }

  /** A successful card payment on the hosted page; undefined when the session was no longer open. */
  async pay(id: string, payer: { email: string; name: string }): Promise<StoredSession | undefined> {
    const paid = await withTransaction(this.options.pool, async (client) => {
      const session = await completeSession(client, id, { ...payer, paymentIntent: newPaymentIntentId() });
      if (session) await this.recordSessionEvent(client, 'checkout.session.completed', session);
      return session;
    });
    if (paid) this.options.onEvent?.();
    return paid;
  }

  /** Expires open sessions past expires_at (each with its checkout.session.expired event). */
  async expireDue(): Promise<number> {
    const expired = await withTransaction(this.options.pool, async (client) => {
      const sessions = await expireDueSessions(client, Math.floor(Date.now() / 1000));
      for (const session of sessions) await this.recordSessionEvent(client, 'checkout.session.expired', session);
      return sessions;
    });
    if (expired.length > 0) {
      this.options.logger.info({ sessions: expired.map((s) => s.id) }, 'checkout sessions expired');
      this.options.onEvent?.();
    }
    return expired.length;
  }

  /** Tells the delivery loop an event was committed (for events recorded in a caller's transaction). */
  notifyEvent(): void {
    this.options.onEvent?.();
  }

  private async recordSessionEvent(client: PoolClient, type: EventType, session: StoredSession): Promise<void> {
    await recordEvent(client, type, this.view(session), {
      endpoints: this.options.config.SANDBOX_WEBHOOK_URL,
      copies: this.options.switches.duplicateDelivery ? 2 : 1,
    });
  }
}
