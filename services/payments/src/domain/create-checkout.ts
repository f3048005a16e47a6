import {
  CURRENCY,
  DEMO_PRODUCT,
  demoCheckoutRequestSchema,
  membershipCheckoutRequestSchema,
  membershipLevel,
  SUBMISSION_NOT_ALLOWED,
  type CheckoutAnswer,
  type DocumentRef,
  type MemberDetails,
} from '@tca/contracts';
import { AppError, parseBody, ServiceUnavailableError, type IdentityClient, type Logger, type Pool, type SiteLang } from '@tca/service-kit';
import { ownedDocuments } from '../data-access/document-repository.js';
import { attachSession, insertOrder, type NewOrder, type Order } from '../data-access/order-repository.js';
import type { IdentityInternalClient } from './identity-internal-client.js';
import { requireUser } from './logged-in-user.js';
import { levelNameIn, paymentTexts } from './payment-texts.js';
import { expireOtherCheckouts } from './supersede-checkouts.js';
import type { Stripe } from './stripe-client.js';

export const ALREADY_ACTIVE_MESSAGE = 'You already have an active membership';
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';

export interface CheckoutDeps {
  pool: Pool;
  stripe: Stripe;
  /** Who a Bearer token belongs to. */
  sessions: IdentityClient;
  identity: IdentityInternalClient;
  logger: Logger;
  /** The site's public base URL (success and cancel pages). */
  publicUrl: string;
  /** The Checkout Session locale for each site language (config's checkoutLocales). */
  locales: Record<SiteLang, string>;
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function priceMismatch(name: string, amt: number): AppError {
  return new AppError(400, 'price_mismatch', `The price of ${name} is $${amt}. Please reload the page and try again.`, { price: `Must be ${amt}` });
}

function siteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * POST /create-checkout-session. The order is stored first (status created, with its idempotency key);
 * then Stripe creates the Checkout Session with the server's price, `client_reference_id` and `metadata`
 * naming the order; then the order is linked to the session (open), the member's other open checkouts for
 * that level are expired (issue 15), and the browser gets its URL.
 */
export async function createCheckout(deps: CheckoutDeps, body: unknown, authorization: string | undefined, language: SiteLang = 'en'): Promise<CheckoutAnswer> {
  const isDemo = typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { productName?: unknown }).productName === DEMO_PRODUCT.name;
  const order = isDemo ? demoOrder(body) : await membershipOrder(deps, body, authorization);
  return startCheckout(deps, { ...order, language });
}

function demoOrder(body: unknown): NewOrder {
  const request = parseBody(demoCheckoutRequestSchema, body);
  if (request.price !== DEMO_PRODUCT.amt) throw priceMismatch(DEMO_PRODUCT.name, DEMO_PRODUCT.amt);
  return {
    kind: 'demo',
    userId: null,
    email: request.customerEmail ?? null,
    productName: DEMO_PRODUCT.name,
    level: null,
    quantity: DEMO_PRODUCT.quantity,
    amountCents: DEMO_PRODUCT.amt * 100 * DEMO_PRODUCT.quantity,
    currency: CURRENCY,
    memberDetails: null,
    metadata: { kind: 'demo' },
  };
}

async function membershipOrder(deps: CheckoutDeps, body: unknown, authorization: string | undefined): Promise<NewOrder> {
  const user = await requireUser(deps.sessions, authorization);
  const request = parseBody(membershipCheckoutRequestSchema, body);
  if (!sameEmail(request.customerEmail, user.email) || !sameEmail(request.membership.email, user.email)) {
    throw new AppError(403, 'email_mismatch', 'A membership can only be bought with the e-mail address of the account you are logged in with.');
  }
  const level = membershipLevel(request.productName);
  if (!level) throw new AppError(400, 'validation_failed', 'Unknown membership level.', { productName: 'Unknown membership level' });
  if (request.price !== level.amt) throw priceMismatch(level.name, level.amt);

  const details = await withStoredDocuments(deps.pool, user.id, request.membership);

  let eligibility;
  try {
    eligibility = await deps.identity.eligibility(user.id, level.name);
  } catch (err) {
    deps.logger.warn({ err }, 'identity could not answer the eligibility check');
    throw new ServiceUnavailableError('We could not check your membership just now. Please try again shortly.');
  }
  if (!eligibility.allowed) {
    if (eligibility.reason === 'already_active') throw new AppError(409, 'already_active', ALREADY_ACTIVE_MESSAGE);
    if (eligibility.reason === 'submission_not_allowed') throw new AppError(409, SUBMISSION_NOT_ALLOWED.error, SUBMISSION_NOT_ALLOWED.message);
    throw new AppError(409, 'not_allowed', eligibility.message ?? 'This membership cannot be bought for this account.');
  }
  return {
    kind: 'membership',
    userId: user.id,
    email: user.email,
    productName: level.name,
    level: level.name,
    quantity: 1,
    amountCents: level.amt * 100,
    currency: CURRENCY,
    memberDetails: { ...details, email: user.email },
    metadata: { kind: 'membership', userId: user.id, level: level.name },
  };
}

/** The member details with each document reference checked to be the user's own upload (and its stored name). */
async function withStoredDocuments(pool: Pool, userId: string, details: MemberDetails): Promise<MemberDetails> {
  const refs: DocumentRef[] = [...(details.passport ? [details.passport] : []), ...details.supportingDocuments];
  if (refs.length === 0) return details;
  const { found, missing } = await ownedDocuments(pool, userId, refs);
  if (missing.length > 0) {
    throw new AppError(400, 'unknown_document', 'An attached document was not found. Please upload it again.', { 'membership.supportingDocuments': 'Upload the document again' });
  }
  const stored = (ref: DocumentRef): DocumentRef => found.get(ref.id.toLowerCase()) ?? ref;
  return { ...details, passport: details.passport ? stored(details.passport) : null, supportingDocuments: details.supportingDocuments.map(stored) };
}

async function startCheckout(deps: CheckoutDeps, newOrder: NewOrder): Promise<CheckoutAnswer> {
  const order = await insertOrder(deps.pool, newOrder);
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create(sessionParams(order, newOrder, deps.publicUrl, deps.locales[order.language]), { idempotencyKey: order.idempotencyKey });
  } catch (err) {
    deps.logger.error({ err, order: order.reference }, 'Stripe did not create the checkout session');
    throw new AppError(502, 'checkout_failed', CHECKOUT_FAILED_MESSAGE);
  }
  if (!session.url) {
    deps.logger.error({ order: order.reference, sessionId: session.id }, 'Stripe answered a checkout session without a URL');
    throw new AppError(502, 'checkout_failed', CHECKOUT_FAILED_MESSAGE);
  }
  await attachSession(deps.pool, order.id, session.id);
  deps.logger.info({ order: order.reference, sessionId: session.id, kind: order.kind, product: order.productName }, 'checkout session created');
  await expireOtherCheckouts(deps, order);
  return { url: session.url };
}

function sessionParams(order: Order, newOrder: NewOrder, publicUrl: string, locale: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    // The member's language: a Stripe locale, or the sandbox's 'ta' (not in Stripe's list, hence the cast).
    locale: locale as Stripe.Checkout.SessionCreateParams.Locale,
    line_items: [
      {
        quantity: order.quantity,
        price_data: {
          currency: order.currency,
          unit_amount: order.amountCents / order.quantity,
          product_data: { name: order.kind === 'membership' ? paymentTexts(order.language)('line.membership', { level: levelNameIn(order.productName, order.language) }) : order.productName },
        },
      },
    ],
    ...(order.email ? { customer_email: order.email } : {}),
    client_reference_id: order.reference,
    metadata: { orderId: order.reference, ...newOrder.metadata },
    success_url: siteUrl(publicUrl, '/success?session_id={CHECKOUT_SESSION_ID}'),
    cancel_url: siteUrl(publicUrl, `/cancel?order=${order.reference}`),
  };
}
