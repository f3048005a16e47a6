import { API_VERSION } from '../config.js';

export type SessionStatus = 'open' | 'complete' | 'expired';
export type PaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface StoredLineItem {
  id: string;
  name: string;
  description: string | null;
  unit_amount: number;
  quantity: number;
  currency: string;
}

/** A row of checkout_sessions. */
export interface StoredSession {
  id: string;
  status: SessionStatus;
  payment_status: PaymentStatus;
  currency: string;
  amount_total: number;
  line_items: StoredLineItem[];
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  created: number;
  expires_at: number;
  customer_details_email: string | null;
  customer_details_name: string | null;
  payment_intent: string | null;
  form_token: string;
  /** The `locale` asked for (null: none); 'ta' shows the hosted page in Tamil. */
  locale: string | null;
}

/** Fields of the session object that `expand[]` can turn from an id (or nothing) into an object. */
export const EXPANDABLE = ['line_items', 'payment_intent'] as const;
export type Expandable = (typeof EXPANDABLE)[number];

export interface SessionView {
  /** SANDBOX_PUBLIC_URL: the hosted page is <publicUrl>/c/pay/<id>. */
  publicUrl: string;
  expand?: readonly Expandable[];
}

export function hostedPagePath(id: string): string {
  return `/c/pay/${encodeURIComponent(id)}`;
}

export function lineItemList(session: StoredSession) {
  return {
    object: 'list' as const,
    data: session.line_items.map((item) => ({
      id: item.id,
      object: 'item' as const,
      amount_discount: 0,
      amount_subtotal: item.unit_amount * item.quantity,
      amount_tax: 0,
      amount_total: item.unit_amount * item.quantity,
      currency: item.currency,
      description: item.name,
      price: {
        id: `price_${item.id.slice(3)}`,
        object: 'price' as const,
        active: false,
        currency: item.currency,
        livemode: false,
        product: `prod_${item.id.slice(3)}`,
        type: 'one_time' as const,
        unit_amount: item.unit_amount,
        unit_amount_decimal: String(item.unit_amount),
      },
      quantity: item.quantity,
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/** The charge of a paid session's PaymentIntent (one each, as with a card paid at once). */
export function chargeIdOf(paymentIntent: string): string {
  return `ch_${paymentIntent.slice('pi_'.length)}`;
}

function paymentIntentObject(session: StoredSession) {
  if (!session.payment_intent) return null;
  return {
    id: session.payment_intent,
    object: 'payment_intent' as const,
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    created: session.created,
    livemode: false,
    latest_charge: chargeIdOf(session.payment_intent),
    metadata: {},
    status: 'succeeded' as const,
  };
}

/** The session as Stripe's API shows it (the fields stripe-node's Checkout.Session type has that matter here). */
export function toStripeSession(session: StoredSession, view: SessionView) {
  const expand = new Set(view.expand ?? []);
  const paid = session.customer_details_email !== null;
  const amountSubtotal = session.line_items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  return {
    id: session.id,
    object: 'checkout.session' as const,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amountSubtotal,
    amount_total: session.amount_total,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: null,
    created: session.created,
    currency: session.currency,
    custom_fields: [],
    customer: null,
    customer_creation: 'if_required' as const,
    customer_details: paid
      ? { address: null, email: session.customer_details_email, name: session.customer_details_name, phone: null, tax_exempt: 'none' as const, tax_ids: [] }
      : null,
    customer_email: session.customer_email,
    expires_at: session.expires_at,
    invoice: null,
    livemode: false,
    locale: session.locale,
    metadata: session.metadata,
    mode: 'payment' as const,
    payment_intent: expand.has('payment_intent') ? paymentIntentObject(session) : session.payment_intent,
    payment_method_types: ['card'],
    payment_status: session.payment_status,
    status: session.status,
    submit_type: null,
    success_url: session.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted' as const,
    url: session.status === 'open' ? `${view.publicUrl}${hostedPagePath(session.id)}` : null,
    ...(expand.has('line_items') ? { line_items: lineItemList(session) } : {}),
  };
}
export type StripeSessionObject = ReturnType<typeof toStripeSession>;

export type EventType = 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded' | 'refund.updated';

/** What an event is about: a Checkout Session, a charge or a refund (each has an id). */
export interface EventObject {
  id: string;
}

/** An event as Stripe sends it to a webhook endpoint. */
export function eventEnvelope(id: string, type: EventType, created: number, object: EventObject) {
  return {
    id,
    object: 'event' as const,
    api_version: API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** success_url with Stripe's `{CHECKOUT_SESSION_ID}` template variable filled in. */
export function successRedirect(session: Pick<StoredSession, 'id' | 'success_url'>): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}
