import { EXPANDABLE, type Expandable } from './checkout-session.js';
import { invalidRequest, missingParam } from './stripe-error.js';

/** What POST /v1/checkout/sessions asked for, checked the way Stripe checks it. */
export interface CreateSessionInput {
  currency: string;
  lineItems: Array<{ name: string; description: string | null; unitAmount: number; quantity: number }>;
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** Unix seconds; undefined = 24 h after creation. */
  expiresAt: number | undefined;
  expand: Expandable[];
  /** Stripe's `locale`, or 'ta' (the sandbox's own: its hosted page in Tamil); null when not given. */
  locale: string | null;
}

type Params = Record<string, unknown>;

/** Real Stripe parameters the sandbox accepts and has no use for. */
const IGNORED_PARAMS = new Set([
  'submit_type',
  'billing_address_collection',
  'payment_intent_data',
  'customer_creation',
  'allow_promotion_codes',
  'automatic_tax',
  'phone_number_collection',
  'custom_text',
  'consent_collection',
  'payment_method_types',
]);
const KNOWN_PARAMS = new Set(['mode', 'line_items', 'success_url', 'cancel_url', 'customer_email', 'client_reference_id', 'metadata', 'expires_at', 'expand', 'ui_mode', 'locale']);

/** Stripe Checkout's locales (docs.stripe.com/js/appendix/supported_locales), and the sandbox's Tamil. */
export const CHECKOUT_LOCALES: ReadonlySet<string> = new Set([
  ...['auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv'],
  ...['ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW'],
  'ta',
]);

/** Stripe's minimum charge is 50 cents (or the equivalent); the sandbox uses 50 minor units for every currency. */
export const MINIMUM_AMOUNT = 50;
const MAX_LINE_ITEMS = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Form-encoded lists arrive as arrays (`a[0]=x`), or as objects keyed by index when long or sparse. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  }
  return undefined;
}

export function stringParam(params: Params, key: string, param: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param} must be a string.`, param);
  return value;
}

export function integerParam(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw invalidRequest(`Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`, param);
  }
  return Number(value);
}

function urlParam(value: string, param: string): string {
  // {CHECKOUT_SESSION_ID} is a template variable, not part of a valid URL yet.
  const probe = value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_test_x');
  if (!URL.canParse(probe) || !/^https?:$/.test(new URL(probe).protocol)) throw invalidRequest('Not a valid URL', param, 'url_invalid');
  return value;
}

/** `expand[]` of any request: only fields the sandbox can expand. */
export function parseExpand(value: unknown): Expandable[] {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? [value] : listOf(value);
  if (!list) throw invalidRequest('Invalid array', 'expand');
  return list.map((entry) => {
    if (typeof entry !== 'string') throw invalidRequest('Invalid array', 'expand');
    if (!(EXPANDABLE as readonly string[]).includes(entry)) throw invalidRequest(`This property cannot be expanded (${entry}).`, 'expand');
    return entry as Expandable;
  });
}

function parseLineItems(value: unknown): { currency: string; items: CreateSessionInput['lineItems'] } {
  if (value === undefined || value === '') throw missingParam('line_items');
  const list = listOf(value);
  if (!list || list.length === 0) throw invalidRequest('Invalid array', 'line_items');
  if (list.length > MAX_LINE_ITEMS) throw invalidRequest(`line_items may have at most ${MAX_LINE_ITEMS} entries.`, 'line_items');
  let currency: string | undefined;
  const items = list.map((raw, index) => {
    const at = `line_items[${index}]`;
    if (!isRecord(raw)) throw invalidRequest('Invalid object', at);
    for (const key of Object.keys(raw)) {
      if (key === 'price') throw invalidRequest(`The sandbox has no Price objects: use ${at}[price_data] instead of ${at}[price].`, `${at}[price]`, 'resource_missing');
      if (!['price_data', 'quantity'].includes(key)) throw invalidRequest(`Received unknown parameter: ${at}[${key}]`, `${at}[${key}]`, 'parameter_unknown');
    }
    if (raw.price_data === undefined) throw missingParam(`${at}[price_data]`);
    if (!isRecord(raw.price_data)) throw invalidRequest('Invalid object', `${at}[price_data]`);
    const priceData = raw.price_data;
    for (const key of Object.keys(priceData)) {
      if (!['currency', 'unit_amount', 'unit_amount_decimal', 'product_data', 'tax_behavior'].includes(key)) {
        throw invalidRequest(`Received unknown parameter: ${at}[price_data][${key}]`, `${at}[price_data][${key}]`, 'parameter_unknown');
      }
    }
    const itemCurrency = stringParam(priceData, 'currency', `${at}[price_data][currency]`)?.trim().toLowerCase();
    if (!itemCurrency) throw missingParam(`${at}[price_data][currency]`);
    if (!/^[a-z]{3}$/.test(itemCurrency)) throw invalidRequest(`Invalid currency: ${itemCurrency}`, `${at}[price_data][currency]`);
    if (currency !== undefined && currency !== itemCurrency) {
      throw invalidRequest('All line items must use the same currency.', `${at}[price_data][currency]`);
    }
    currency = itemCurrency;
    const amountValue = priceData.unit_amount ?? priceData.unit_amount_decimal;
    if (amountValue === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
    const unitAmount = integerParam(amountValue, `${at}[price_data][unit_amount]`);
    if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', `${at}[price_data][unit_amount]`);
    if (priceData.product_data === undefined) throw missingParam(`${at}[price_data][product_data]`);
    if (!isRecord(priceData.product_data)) throw invalidRequest('Invalid object', `${at}[price_data][product_data]`);
    const name = stringParam(priceData.product_data, 'name', `${at}[price_data][product_data][name]`)?.trim();
    if (!name) throw missingParam(`${at}[price_data][product_data][name]`);
    const description = stringParam(priceData.product_data, 'description', `${at}[price_data][product_data][description]`)?.trim() || null;
    if (raw.quantity === undefined) throw missingParam(`${at}[quantity]`);
    const quantity = integerParam(raw.quantity, `${at}[quantity]`);
    if (quantity < 1 || quantity > 999_999) throw invalidRequest('This value must be between 1 and 999999.', `${at}[quantity]`);
    return { name, description, unitAmount, quantity };
  });
  return { currency: currency ?? 'usd', items };
}

export function parseMetadata(value: unknown): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (!isRecord(value)) throw invalidRequest('Invalid object', 'metadata');
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', 'metadata');
  const metadata: Record<string, string> = {};
  for (const [key, entry] of entries) {
    if (key.length > 40) throw invalidRequest(`Metadata keys can be at most 40 characters long (${key}).`, `metadata[${key}]`);
    if (typeof entry !== 'string') throw invalidRequest('Metadata values must be strings.', `metadata[${key}]`);
    if (entry.length > 500) throw invalidRequest('Metadata values can be at most 500 characters long.', `metadata[${key}]`);
    // Stripe: an empty value unsets the key.
    if (entry !== '') metadata[key] = entry;
  }
  return metadata;
}

/** Checks a create request's parameters in the order Stripe reports them; throws a StripeApiError (400) on the first problem. */
export function parseCreateSession(params: Params, nowSeconds: number): CreateSessionInput {
  for (const key of Object.keys(params)) {
    if (!KNOWN_PARAMS.has(key) && !IGNORED_PARAMS.has(key)) throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
  const mode = stringParam(params, 'mode', 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'payment') {
    throw invalidRequest(
      ['setup', 'subscription'].includes(mode) ? `The sandbox supports only mode=payment (got ${mode}).` : `Invalid mode: must be one of payment, setup, or subscription`,
      'mode',
    );
  }
  const uiMode = stringParam(params, 'ui_mode', 'ui_mode');
  if (uiMode !== undefined && !['hosted', 'hosted_page'].includes(uiMode)) throw invalidRequest(`The sandbox supports only the hosted page (ui_mode=hosted), not ${uiMode}.`, 'ui_mode');

  const { currency, items } = parseLineItems(params.line_items);
  const amountTotal = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (amountTotal < MINIMUM_AMOUNT) {
    throw invalidRequest(`The Checkout Session's total amount due must add up to at least ${MINIMUM_AMOUNT} minor units of ${currency.toUpperCase()}.`, 'line_items', 'amount_too_small');
  }
  if (!Number.isSafeInteger(amountTotal) || amountTotal > 99_999_999) throw invalidRequest('Amount must be no more than 99999999 minor units.', 'line_items', 'amount_too_large');

  const successUrl = stringParam(params, 'success_url', 'success_url');
  if (!successUrl) throw missingParam('success_url');
  urlParam(successUrl, 'success_url');
  const cancelUrl = stringParam(params, 'cancel_url', 'cancel_url') || null;
  if (cancelUrl) urlParam(cancelUrl, 'cancel_url');

  const customerEmail = stringParam(params, 'customer_email', 'customer_email')?.trim() || null;
  if (customerEmail && (!EMAIL.test(customerEmail) || customerEmail.length > 512)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const clientReferenceId = stringParam(params, 'client_reference_id', 'client_reference_id') || null;
  if (clientReferenceId && clientReferenceId.length > 200) throw invalidRequest('client_reference_id can be at most 200 characters long.', 'client_reference_id');

  let expiresAt: number | undefined;
  if (params.expires_at !== undefined && params.expires_at !== '') {
    expiresAt = integerParam(params.expires_at, 'expires_at');
    if (expiresAt < nowSeconds + 30 * 60) throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
    if (expiresAt > nowSeconds + 24 * 60 * 60) throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }

  const locale = stringParam(params, 'locale', 'locale') || null;
  if (locale !== null && !CHECKOUT_LOCALES.has(locale)) throw invalidRequest(`Invalid locale: must be one of ${[...CHECKOUT_LOCALES].join(', ')}`, 'locale');

  return {
    locale,
    currency,
    lineItems: items,
    successUrl,
    cancelUrl,
    customerEmail,
    clientReferenceId,
    metadata: parseMetadata(params.metadata),
    expiresAt,
    expand: parseExpand(params.expand),
  };
}
