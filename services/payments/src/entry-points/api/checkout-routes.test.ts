import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buyMembership, call, Closers, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

const LIMIT = 3;

/** Stands between the payments service and the Stripe sandbox, counting the calls that reach Stripe. */
interface CountingStripe {
  url: string;
  /** `GET /v1/checkout/sessions/cs_test_…` and the like, as they came. */
  calls: string[];
  forwardTo(url: string): void;
}

async function startCountingStripe(closers: Closers): Promise<CountingStripe> {
  let target: URL | undefined;
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    calls.push(`${req.method ?? ''} ${req.url ?? ''}`);
    if (!target) {
      res.writeHead(503).end();
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    forwardTo: (url) => {
      target = new URL(url);
    },
  };
}

describe(`checkout-session lookups and abandons: ${LIMIT} per address per window`, { timeout: 120_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  let stripe: CountingStripe;

  before(async () => {
    stripe = await startCountingStripe(closers);
    stack = await startPaymentsStack(closers, { env: { STRIPE_API_BASE: stripe.url, CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP: String(LIMIT) } });
    stripe.forwardTo(stack.sandbox.url);
  });
  after(() => closers.closeAll());

  const callsAbout = (sessionId: string) => stripe.calls.filter((line) => line.includes(sessionId)).length;
  const statusOf = async (sessionId: string) =>
    (await stack.pool.query<{ status: string }>('SELECT status FROM checkout_orders WHERE stripe_session_id = $1', [sessionId])).rows[0]?.status;

  it(`answers the ${LIMIT + 1}th with 429, the usual body and Retry-After, and asks Stripe nothing for it`, async () => {
    const looked = await buyMembership(stack, 'Silver-Single', 10);
    const left = await buyMembership(stack, 'Gold-Student', 50);
    assert.equal(await statusOf(left.sessionId), 'open');
    const leftCallsBefore = callsAbout(left.sessionId);

    for (let i = 0; i < LIMIT; i += 1) {
      const lookup = await call(`${stack.url}/checkout-session/${looked.sessionId}`);
      assert.equal(lookup.status, 200, JSON.stringify(lookup.body));
    }
    const stripeCallsAllowed = callsAbout(looked.sessionId);
    assert.ok(stripeCallsAllowed >= LIMIT, `each allowed lookup asked Stripe (${stripeCallsAllowed} calls)`);

    const refused = await fetch(`${stack.url}/checkout-session/${looked.sessionId}`);
    assert.equal(refused.status, 429);
    const body = (await refused.json()) as { error: string; message: string };
    assert.equal(body.error, 'rate_limited');
    assert.match(body.message, /^Too many payment status requests from this address\. Please try again in 15 minutes\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 880 && retryAfter <= 900, `Retry-After ${retryAfter}`);

    // The abandon shares the count: refused too, and the open session is not expired at Stripe.
    const abandon = await call(`${stack.url}/checkout-session/${left.sessionId}/abandon`, { method: 'POST', body: {} });
    assert.equal(abandon.status, 429);
    assert.equal(abandon.body.error, 'rate_limited');

    assert.equal(callsAbout(looked.sessionId), stripeCallsAllowed, 'the refused lookup did not reach Stripe');
    assert.equal(callsAbout(left.sessionId), leftCallsBefore, 'the refused abandon did not reach Stripe');
    assert.equal(await statusOf(left.sessionId), 'open');
  });
});
