/**
 * Test support for the payments service (not built into dist/): the real Stripe sandbox
 * (services/stripe-sandbox) as a child process on a throw-away database, a Redis of the test's own, an
 * identity stand-in, and the payments API itself; helpers to buy, pay and deliver signed events.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { type MemberDetailsInput, type MembershipLevelName, type StaffRole } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { Closers, createTestDatabase, freePort, startNodeProcess, startRedisServer, type NodeProcess, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadPaymentsConfig, SCHEMA, type PaymentsConfig } from '../config.js';
import { start } from '../server.js';
import { startPaymentsIdentityStub, type PaymentsIdentityStub } from './identity-stub.js';

export const SANDBOX_DIR = fileURLToPath(new URL('../../../stripe-sandbox/', import.meta.url));
export const PAYMENTS_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const TEST_PUBLIC_URL = 'https://tamil.example.org';

/** One place that closes things in reverse order, whatever failed. */
export { Closers };

export interface TestSandbox {
  url: string;
  secretKey: string;
  webhookSecret: string;
  process: NodeProcess;
  /** stripe-node pointed at the sandbox (as the service's own client is). */
  stripe: Stripe;
}

/**
 * The Stripe sandbox on `port`, delivering webhooks to `webhookUrl`. Its switches (duplicate delivery,
 * out-of-order) come in `env`.
 */
export async function startSandbox(
  closers: Closers,
  options: { port: number; webhookUrl?: string; secretKey: string; webhookSecret: string; env?: Record<string, string> },
): Promise<TestSandbox> {
  const { port, webhookUrl, secretKey, webhookSecret, env = {} } = options;
  const db = await createTestDatabase('pay_sandbox');
  closers.add(() => db.drop());
  const child = await startNodeProcess({
    cwd: SANDBOX_DIR,
    file: 'src/index.ts',
    env: {
      DATABASE_URL: db.url,
      PORT: String(port),
      SANDBOX_SECRET_KEY: secretKey,
      SANDBOX_WEBHOOK_SECRET: webhookSecret,
      ...(webhookUrl ? { SANDBOX_WEBHOOK_URL: webhookUrl } : {}),
      SANDBOX_RETRY_BASE_MS: '50',
      SANDBOX_POLL_MS: '50',
      LOG_LEVEL: 'info',
      ...env,
    },
    ready: /stripe sandbox ready/,
    label: 'stripe-sandbox',
  });
  closers.add(() => child.stop());
  const url = `http://127.0.0.1:${port}`;
  return { url, secretKey, webhookSecret, process: child, stripe: new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }) };
}

export interface PaymentsStack {
  url: string;
  /** The service's metrics port (GET /metrics). */
  metricsUrl: string;
  config: PaymentsConfig;
  /** The environment the service was given (for worker processes). */
  env: Record<string, string>;
  db: TestDatabase;
  redis: TestRedisServer;
  pool: Pool;
  sandbox: TestSandbox;
  identity: PaymentsIdentityStub;
}

export interface StackOptions {
  /** Sandbox switches, e.g. SANDBOX_DUPLICATE_DELIVERY=1. */
  sandboxEnv?: Record<string, string>;
  /** Further payments variables. */
  env?: Record<string, string>;
  /** false: the sandbox sends its events nowhere (tests deliver their own). Default true. */
  deliverWebhooks?: boolean;
  /** Point the service at this identity instead of a stub (its URL and SERVICE_TOKEN). */
  identity?: { url: string; serviceToken: string };
}

/**
 * Postgres database, own Redis, identity stub, the sandbox (on a port chosen first, so the service knows
 * STRIPE_API_BASE and the sandbox knows the webhook URL) and the payments API in this process.
 */
export async function startPaymentsStack(closers: Closers, options: StackOptions = {}): Promise<PaymentsStack> {
  const db = await createTestDatabase('payments');
  closers.add(() => db.drop());
  const redis = await startRedisServer();
  closers.add(() => redis.stop());
  const identity = await startPaymentsIdentityStub();
  closers.add(() => identity.close());
  const sandboxPort = await freePort();
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PUBLIC_URL: TEST_PUBLIC_URL,
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: `http://127.0.0.1:${sandboxPort}`,
    IDENTITY_URL: options.identity?.url ?? identity.url,
    SERVICE_TOKEN: options.identity?.serviceToken ?? identity.serviceToken,
    CHECKOUT_RATE_LIMIT_PER_IP: '0',
    CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP: '0',
    DOCUMENT_RATE_LIMIT_PER_IP: '0',
    FULFIL_RETRY_BASE_MS: '100',
    RECONCILE_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const config = loadPaymentsConfig({ ...env, PORT: '0', METRICS_PORT: '0' });
  const running = await start(config, { handleSignals: false, logger: createLogger({ name: 'payments', level: 'silent' }) });
  closers.add(() => running.stop());
  const sandbox = await startSandbox(closers, { port: sandboxPort, ...(options.deliverWebhooks === false ? {} : { webhookUrl: `${running.url}/webhooks/stripe` }), secretKey, webhookSecret, ...(options.sandboxEnv ? { env: options.sandboxEnv } : {}) });
  const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'payments-test' });
  closers.add(() => pool.end());
  return { url: running.url, metricsUrl: running.metricsUrl, config, env, db, redis, pool, sandbox, identity };
}

/** Sessions of a treasurer, a membership officer, an owner and an editor (two-factor), with identity's numeric ids from `firstId`. */
export function staffTokens(stack: PaymentsStack, firstId: number): Record<'treasurer' | 'officer' | 'owner' | 'editor', string> {
  const token = (offset: number, role: StaffRole, name: string) => stack.identity.issue({ id: String(firstId + offset), email: `${name}@example.org` }, { roles: [role] }).token;
  return { treasurer: token(0, 'treasurer', 'treasurer'), officer: token(1, 'membership_officer', 'officer'), owner: token(2, 'owner', 'owner'), editor: token(3, 'editor', 'editor') };
}

let nextMember = 0;
export function memberDetails(email: string, extra: Partial<MemberDetailsInput> = {}): MemberDetailsInput {
  nextMember += 1;
  return {
    firstName: 'Meera',
    lastName: `Raman${nextMember}`,
    email,
    phoneNumber: '61412345678',
    addressLine1: '12 Kolam Street',
    suburb: 'Mawson Lakes',
    stateProvince: 'SA',
    postalCode: '5095',
    profession: 'Engineer',
    dateOfBirth: '1990-04-14',
    gender: 'female',
    maritalStatus: 'married',
    ...extra,
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(url: string, init: { method?: string; token?: string; body?: unknown; lang?: string } = {}): Promise<CallResult<T>> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      // The language shown, as the browser apps send it.
      ...(init.lang ? { 'Accept-Language': init.lang } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A logged-in member's checkout for `level` at the server's price: the session id and URL. */
export async function buyMembership(stack: PaymentsStack, level: MembershipLevelName, price: number, who = stack.identity.issue()): Promise<{ token: string; userId: string; url: string; sessionId: string }> {
  const res = await call<{ url: string }>(`${stack.url}/create-checkout-session`, {
    token: who.token,
    body: { productName: level, price, customerEmail: who.user.email, membership: memberDetails(who.user.email) },
  });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const sessionId = /\/c\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(res.body.url)?.[1];
  if (!sessionId) throw new Error(`no session id in ${res.body.url}`);
  return { token: who.token, userId: who.user.id, url: res.body.url, sessionId };
}

/** Pays on the sandbox's hosted page with the test card that succeeds, as a browser without JavaScript would. */
export async function payOnHostedPage(url: string, cardNumber = '4242 4242 4242 4242'): Promise<Response> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}: ${html.slice(0, 300)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error('hosted page has no form');
  const form = new URLSearchParams({ form_token: token, email: 'payer@example.org', cardnumber: cardNumber, cardexpiry: '12 / 40', cardcvc: '123', billingname: 'Test Payer' });
  return fetch(new URL(action.replace(/&amp;/g, '&'), url), { method: 'POST', body: form, redirect: 'manual' });
}

/** A Stripe event envelope for `object` (a session, or a charge or refund), as Stripe sends it. */
export function eventFor<T extends { id: string }>(type: string, object: T, id = `evt_test_${randomBytes(12).toString('hex')}`, created = Math.floor(Date.now() / 1000)): string {
  return JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type });
}

/** POSTs a webhook body with a signature made with `secret` (stripe.webhooks.generateTestHeaderString), or none. */
export async function deliver(stack: PaymentsStack, payload: string, options: { secret?: string | null; timestamp?: number } = {}): Promise<CallResult> {
  const secret = options.secret === undefined ? stack.config.STRIPE_WEBHOOK_SECRET : options.secret;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) {
    headers['Stripe-Signature'] = stack.sandbox.stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}) });
  }
  const res = await fetch(`${stack.url}/webhooks/stripe`, { method: 'POST', headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}
