import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_MAX_BYTES, documentUploadAnswerSchema, ORDER_FILTERS, PAYMENTS_AUDIT_ACTIONS, STAFF_PAYMENTS_API_PREFIX, staffPaymentsPaths } from '@tca/contracts';
import { answerProblem, formatFuzzFailures, formatFuzzReport, answersWith, fuzzAndCheck, fuzzSeed, generateFuzzRequests, type FuzzReport, type FuzzTarget } from '@tca/service-kit/testing';
import { insertOrder } from '../../data-access/order-repository.js';
import { buyMembership, Closers, eventFor, memberDetails, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

/**
 * The payments endpoints under generated input (issue 13, fuzzing): 1,000 seeded requests per endpoint (rate
 * limits off) against the real Stripe sandbox — checkout creation, the session lookup and abandon, the member
 * documents (multipart uploads, the download by id), and the Stripe webhook unsigned — each answered below 500
 * and every 4xx with a JSON `error` and `message`; one stored order per 200 of checkout creation, one stored
 * document per 201 of the upload, no stored event from an unsigned delivery; validly
 * signed but mutated events (a checkout's and a refund's) answered below 500 too; the staff API of the
 * treasurer's desk (issue 15; 250 requests each: each staff call asks identity who calls) likewise, no refund
 * from a refused request and one audit entry per document opened; the service still ready after. A failure prints its seed:
 * replay with FUZZ_SEED=<seed> npm test.
 */

const SEED = fuzzSeed(20261127);
const COUNT = 1000;
/** Signed mutated events: each one is a real delivery (stored when it names a checkout session). */
const SIGNED_COUNT = 200;
const TIME_CAP_MS = 30_000;
const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

const closers = new Closers();
let stack: PaymentsStack;
let who: ReturnType<PaymentsStack['identity']['issue']>;
let bearer: Record<string, string>;
/** Staff sessions (identity's user ids are numbers). */
let treasurer: Record<string, string>;
let officer: Record<string, string>;
let owner: Record<string, string>;
const STAFF_COUNT = COUNT / 4;

before(async () => {
  stack = await startPaymentsStack(closers);
  who = stack.identity.issue();
  bearer = { Authorization: `Bearer ${who.token}` };
  treasurer = { Authorization: `Bearer ${stack.identity.issue({ id: '701' }, { roles: ['treasurer'] }).token}` };
  officer = { Authorization: `Bearer ${stack.identity.issue({ id: '702' }, { roles: ['membership_officer'] }).token}` };
  owner = { Authorization: `Bearer ${stack.identity.issue({ id: '703' }, { roles: ['owner'] }).token}` };
});

after(() => closers.closeAll());

async function countRows(table: 'checkout_orders' | 'stripe_events' | 'member_documents'): Promise<number> {
  const { rows } = await stack.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}


async function fuzz(target: Omit<FuzzTarget, 'baseUrl'>, count = COUNT): Promise<FuzzReport> {
  return fuzzAndCheck({ baseUrl: stack.url, ...target }, { seed: SEED, count, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

async function uploadPdf(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'passport.pdf');
  const res = await fetch(`${stack.url}/membership/documents`, { method: 'POST', body: form, headers: bearer });
  assert.equal(res.status, 201);
  return documentUploadAnswerSchema.parse(await res.json()).id;
}

async function orderReferenceOf(sessionId: string): Promise<string> {
  const { rows } = await stack.pool.query<{ reference: string }>('SELECT reference FROM checkout_orders WHERE stripe_session_id = $1', [sessionId]);
  assert.ok(rows[0]);
  return rows[0].reference;
}

describe('the payments endpoints under fuzzed requests', () => {
  it(`POST /create-checkout-session (signed in): ${COUNT} requests, no 5xx, every 4xx a JSON error, one order per 200`, TIMEOUT, async () => {
    const ordersBefore = await countRows('checkout_orders');
    const report = await fuzz({
      path: '/create-checkout-session',
      validBodies: [
        { productName: 'Silver-Single', price: 10, customerEmail: who.user.email, membership: memberDetails(who.user.email) },
        { productName: 'Stubborn Attachments', price: 20, quantity: 1 },
      ],
      headers: bearer,
    });
    assert.ok(answersWith(report, 200) > 0, 'some generated checkouts are valid and get a session');
    assert.equal((await countRows('checkout_orders')) - ordersBefore, answersWith(report, 200), 'exactly one stored order per 200 answer, none from a refused request');
  });

  it(`GET /checkout-session/:id: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const { sessionId } = await buyMembership(stack, 'Gold-Student', 50);
    const report = await fuzz({ method: 'GET', path: '/checkout-session/:id', pathParams: { id: [sessionId] } });
    assert.ok(answersWith(report, 200) > 0, 'the session is found');
    assert.ok(answersWith(report, 404) > 0, 'others are not');
  });

  it(`POST /checkout-session/:id/abandon: ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const left = await buyMembership(stack, 'Silver-Single', 10);
    const report = await fuzz({ path: '/checkout-session/:id/abandon', pathParams: { id: [left.sessionId, await orderReferenceOf(left.sessionId)] } });
    assert.ok(answersWith(report, 200) > 0, 'the checkout is abandoned (and again, idempotently)');
  });

  it(`POST /membership/documents (signed in): ${COUNT} uploads, no 5xx, every 4xx a JSON error, one stored document per 201`, TIMEOUT, async () => {
    const documentsBefore = await countRows('member_documents');
    const report = await fuzz({
      path: '/membership/documents',
      validUpload: { field: 'file', fileName: 'passport.pdf', contentType: 'application/pdf', content: PDF.toString('latin1'), limitBytes: DOCUMENT_MAX_BYTES },
      headers: bearer,
    });
    assert.ok(answersWith(report, 201) > 0, 'some generated uploads are valid and stored');
    assert.equal((await countRows('member_documents')) - documentsBefore, answersWith(report, 201), 'exactly one stored document per 201 answer, none from a refused upload');
    const { rows } = await stack.pool.query<{ file_name: string }>('SELECT file_name FROM member_documents');
    // eslint-disable-next-line no-control-regex -- control characters are what must not be stored
    const unsafe = rows.filter(({ file_name: name }) => /[/\\\u0000-\u001f\u007f]/.test(name) || !/\.(pdf|jpe?g|png)$/i.test(name));
    assert.deepEqual(unsafe, [], 'every stored name is a plain name with the extension of its type');
  });

  it(`GET /membership/documents/:id (signed in; the id and the Bearer header mutated): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const id = await uploadPdf();
    const report = await fuzz({ method: 'GET', path: '/membership/documents/:id', pathParams: { id: [id] }, headerParams: { Authorization: [`Bearer ${who.token}`] } });
    assert.ok(answersWith(report, 200) > 0, 'the owner gets the document');
    assert.ok(answersWith(report, 404) > 0, 'no other id finds one');
  });

  it(`POST /webhooks/stripe unsigned: ${COUNT} requests, every one a 4xx with a JSON error, no event stored`, TIMEOUT, async () => {
    const { sessionId } = await buyMembership(stack, 'Gold-Student', 50);
    const session = await stack.sandbox.stripe.checkout.sessions.retrieve(sessionId);
    const eventsBefore = await countRows('stripe_events');
    const report = await fuzz({ path: '/webhooks/stripe', validBodies: [JSON.parse(eventFor('checkout.session.completed', session)) as Record<string, unknown>] });
    assert.deepEqual(Object.keys(report.byStatus), ['400'], 'without a signature every delivery is refused');
    assert.equal(await countRows('stripe_events'), eventsBefore);
  });

  it(`POST /webhooks/stripe validly signed: ${SIGNED_COUNT} mutated events, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const { sessionId } = await buyMembership(stack, 'Gold-Student', 50);
    const session = await stack.sandbox.stripe.checkout.sessions.retrieve(sessionId);
    const report = await fuzzSignedEvents(JSON.parse(eventFor('checkout.session.expired', session)) as Record<string, unknown>, SIGNED_COUNT);
    assert.ok(answersWith(report, 200) > 0, 'valid events are received');
  });

  it(`POST /webhooks/stripe validly signed refund events: ${SIGNED_COUNT / 2} mutated refund.updated events, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const refund = { id: 're_fuzz0000000000000000000', object: 'refund', amount: 5000, currency: 'aud', payment_intent: 'pi_fuzz0000000000000000000', status: 'succeeded', charge: 'ch_fuzz0000000000000000000' };
    const valid = JSON.parse(eventFor('refund.updated', refund)) as Record<string, unknown>;
    const report = await fuzzSignedEvents(valid, SIGNED_COUNT / 2);
    assert.ok(answersWith(report, 200) > 0, 'valid events are received');
  });
});

describe('the staff API of payments under fuzzed requests (issue 15)', () => {
  it(`GET /staff-api/payments/orders (treasurer): ${STAFF_COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz({ method: 'GET', path: staffPaymentsPaths.orders, query: { filter: [...ORDER_FILTERS], q: ['meera@example.org', 'ORD-2026-000001'], page: ['1', '2'] }, headers: treasurer }, STAFF_COUNT);
    assert.ok(answersWith(report, 200) > 0, 'valid lists are answered');
    assert.ok(answersWith(report, 400) > 0, 'malformed ones are refused');
  });

  it(`GET /staff-api/payments/orders/:reference and members' orders and documents (treasurer): ${STAFF_COUNT} requests each, no 5xx`, TIMEOUT, async () => {
    const { sessionId } = await buyMembership(stack, 'Gold-Student', 50, who);
    const reference = await orderReferenceOf(sessionId);
    const order = await fuzz({ method: 'GET', path: `${staffPaymentsPaths.orders}/:reference`, pathParams: { reference: [reference] }, headers: treasurer }, STAFF_COUNT);
    assert.ok(answersWith(order, 200) > 0 && answersWith(order, 404) > 0, 'the order is found, other references are not');
    for (const kind of ['orders', 'documents'] as const) {
      const report = await fuzz({ method: 'GET', path: `${STAFF_PAYMENTS_API_PREFIX}members/:userId/${kind}`, pathParams: { userId: [who.user.id] }, headers: treasurer }, STAFF_COUNT);
      assert.ok(answersWith(report, 200) > 0, `a member's ${kind} are listed`);
    }
  });

  it(`POST /staff-api/payments/orders/:reference/refund (treasurer): ${STAFF_COUNT} requests, no 5xx, nothing refunded`, TIMEOUT, async () => {
    const open = await insertOrder(stack.pool, { kind: 'demo', userId: null, email: 'buyer@example.org', productName: 'Stubborn Attachments', level: null, quantity: 1, amountCents: 2000, currency: 'aud', memberDetails: null, metadata: {} });
    const report = await fuzz({ path: `${staffPaymentsPaths.orders}/:reference/refund`, pathParams: { reference: [open.reference] }, validBodies: [{ reason: 'Paid twice' }], headers: treasurer }, STAFF_COUNT);
    assert.ok(answersWith(report, 409) > 0, 'an unpaid order is not refunded');
    assert.ok(answersWith(report, 400) > 0, 'malformed reasons are refused');
    const { rows } = await stack.pool.query("SELECT 1 FROM checkout_orders WHERE refund_id IS NOT NULL OR status = 'refunded'");
    assert.equal(rows.length, 0);
  });

  it(`GET /staff-api/payments/documents/:id (membership officer): ${STAFF_COUNT} requests, no 5xx, one audit entry per document opened`, TIMEOUT, async () => {
    const id = await uploadPdf();
    const before = (await stack.pool.query("SELECT 1 FROM audit_log WHERE action = 'document_opened'")).rowCount ?? 0;
    const report = await fuzz({ method: 'GET', path: `${STAFF_PAYMENTS_API_PREFIX}documents/:id`, pathParams: { id: [id] }, headers: officer }, STAFF_COUNT);
    assert.ok(answersWith(report, 200) > 0 && answersWith(report, 404) > 0, 'the document opens, other ids find none');
    const opened = ((await stack.pool.query("SELECT 1 FROM audit_log WHERE action = 'document_opened'")).rowCount ?? 0) - before;
    assert.equal(opened, answersWith(report, 200), 'exactly one audit entry per opening');
  });

  it(`GET /staff-api/payments/revenue and revenue.csv (treasurer): ${STAFF_COUNT} requests each, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    for (const path of ['revenue', 'revenue.csv']) {
      const report = await fuzz({ method: 'GET', path: `${STAFF_PAYMENTS_API_PREFIX}${path}`, query: { year: ['2026', '2025'] }, headers: treasurer }, STAFF_COUNT);
      assert.ok(answersWith(report, 200) > 0 && answersWith(report, 400) > 0, `${path}: valid years are answered, malformed ones refused`);
    }
  });

  it(`GET /staff-api/payments/audit (owner): ${STAFF_COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz(
      { method: 'GET', path: staffPaymentsPaths.audit, query: { action: [...PAYMENTS_AUDIT_ACTIONS], actor: ['owner@example.org'], from: ['2026-01-01'], to: ['2026-12-31'], limit: ['10'] }, headers: owner },
      STAFF_COUNT,
    );
    assert.ok(answersWith(report, 200) > 0 && answersWith(report, 400) > 0, 'valid pages are answered, malformed ones refused');
    assert.equal((await fetch(`${stack.url}/readyz`)).status, 200, 'still ready');
  });
});

/** Signs and delivers `count` mutations of `valid` (each a real delivery, stored when it names its session or payment). */
async function fuzzSignedEvents(valid: Record<string, unknown>, count: number): Promise<FuzzReport> {
  const requests = generateFuzzRequests([valid], { seed: SEED, count, bodyLimitBytes: 512 * 1024 });
  const report: FuzzReport = { endpoint: `POST /webhooks/stripe (signed ${String(valid.type)})`, seed: SEED, requests: 0, byStatus: {}, failures: [], timedOut: false, elapsedMs: 0 };
  const started = Date.now();
  for (const [index, request] of requests.entries()) {
    const signature = stack.sandbox.stripe.webhooks.generateTestHeaderString({ payload: request.body, secret: stack.config.STRIPE_WEBHOOK_SECRET });
    const res = await fetch(`${stack.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Stripe-Signature': signature, ...(request.contentType ? { 'Content-Type': request.contentType } : {}) },
      body: new TextEncoder().encode(request.body),
    });
    const text = await res.text();
    report.requests += 1;
    report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
    const problem = answerProblem(res.status, res.headers.get('content-type'), text);
    if (problem) report.failures.push({ seed: SEED, index, request, status: res.status, problem, answer: text.slice(0, 500) });
  }
  report.elapsedMs = Date.now() - started;
  console.log(formatFuzzReport(report));
  assert.deepEqual(report.failures, [], formatFuzzFailures(report));
  assert.equal((await fetch(`${stack.url}/readyz`)).status, 200, 'still ready');
  return report;
}
