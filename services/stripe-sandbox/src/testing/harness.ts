import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import Stripe from 'stripe';
import { createLogger } from '@tca/service-kit';
import { createTestDatabase, waitFor, withRequestBody, type TestDatabase } from '@tca/service-kit/testing';
import { API_VERSION, loadSandboxConfig } from '../config.js';
import { start, type RunningSandbox } from '../server.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as constructEvent must see it. */
  body: string;
  /** The HTTP status the receiver answered. */
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides the status of the n-th request (1-based) from its body; default 200. */
  respond: (n: number, body: string) => number;
  /** Resolves once `count` requests have arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A local HTTP endpoint that records every webhook request. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    respond: () => 200,
    async waitForCount(count, timeoutMs = 15_000) {
      await waitFor(() => received.length >= count, timeoutMs, () => `${count} webhook requests (got ${received.length})`);
      return received.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(
    withRequestBody((req, res, raw) => {
      const body = raw.toString('utf8');
      const answered = receiver.respond(received.length + 1, body);
      received.push({ headers: req.headers, body, answered });
      res.writeHead(answered, { 'Content-Type': 'application/json' }).end('{"received":true}');
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  return receiver;
}

export interface TestSandbox {
  url: string;
  running: RunningSandbox;
  secretKey: string;
  webhookSecret: string;
  db: TestDatabase;
  /** stripe-node 23 pointed at the sandbox, as the payments service creates it. */
  stripe: Stripe;
  /** fetch with the API key, for the admin API. */
  admin(path: string, init?: RequestInit): Promise<Response>;
}

export function stripeClient(url: string, secretKey: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(secretKey, { host: hostname, port: Number(port), protocol: 'http', apiVersion: API_VERSION, maxNetworkRetries: 0 });
}

/**
 * Registers before/after hooks that start a sandbox on a fresh database (and stop it, drop the database).
 * `env` adds to the environment (SANDBOX_WEBHOOK_URL, switches); `beforeStart` runs first (start a receiver).
 */
export function useSandbox(env: () => Record<string, string> = () => ({}), beforeStart?: () => Promise<void>): TestSandbox {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const handle = { secretKey, webhookSecret } as TestSandbox;
  before(async () => {
    await beforeStart?.();
    handle.db = await createTestDatabase('stripe_sandbox');
    const config = loadSandboxConfig({
      DATABASE_URL: handle.db.url,
      PORT: '0',
      SANDBOX_SECRET_KEY: secretKey,
      SANDBOX_WEBHOOK_SECRET: webhookSecret,
      SANDBOX_RETRY_BASE_MS: '50',
      SANDBOX_POLL_MS: '50',
      LOG_LEVEL: 'silent',
      ...env(),
    });
    handle.running = await start(config, { handleSignals: false, logger: createLogger({ name: 'stripe-sandbox', level: 'silent' }) });
    handle.url = handle.running.url;
    handle.stripe = stripeClient(handle.url, secretKey);
    handle.admin = (path, init = {}) => fetch(`${handle.url}${path}`, { ...init, headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', ...init.headers } });
  });
  after(async () => {
    await handle.running?.stop();
    await handle.db?.drop();
  });
  return handle;
}

/** The fields of the hosted form's first render: its action and token. */
export async function openHostedPage(url: string): Promise<{ html: string; action: string; token: string }> {
  const res = await fetch(url);
  const html = await res.text();
  if (res.status !== 200) throw new Error(`hosted page answered ${res.status}: ${html.slice(0, 300)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error('hosted page has no form');
  return { html, action: new URL(action.replace(/&amp;/g, '&'), url).toString(), token };
}

/** Posts the hosted form as a browser without JavaScript would (no redirect following). */
export async function submitCard(url: string, fields: Record<string, string>): Promise<Response> {
  const page = await openHostedPage(url);
  const form = new URLSearchParams({ form_token: page.token, email: 'payer@example.org', cardexpiry: '12 / 40', cardcvc: '123', billingname: 'Test Payer', ...fields });
  return fetch(page.action, { method: 'POST', body: form, redirect: 'manual' });
}

/** Create params as the payments service sends them. */
export function membershipSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [{ price_data: { currency: 'aud', unit_amount: 1000, product_data: { name: 'Student membership' } }, quantity: 1 }],
    success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/cancel',
    customer_email: 'member@example.org',
    client_reference_id: 'order-1',
    metadata: { orderId: 'order-1' },
    ...overrides,
  };
}
