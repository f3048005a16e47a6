import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  memberDocumentsAnswerSchema,
  memberOrdersAnswerSchema,
  ORDER_LIST_PAGE_SIZE,
  ORDER_NOT_FOUND_MESSAGE,
  paymentsAuditPageAnswerSchema,
  staffOrderAnswerSchema,
  staffOrderListAnswerSchema,
  staffPaymentsPaths,
} from '@tca/contracts';
import { insertDocument } from '../../data-access/document-repository.js';
import { flagProblem, insertOrder, moveStatus, type NewOrder } from '../../data-access/order-repository.js';
import { buyMembership, call, Closers, payOnHostedPage, staffTokens, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('the staff API of payments: orders, member orders and documents, audit', { timeout: 180_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  let treasurer: string;
  let officer: string;
  let owner: string;
  let editor: string;
  let paidReference: string;
  let buyer: { userId: string; email: string };

  const demo = (email: string): NewOrder => ({ kind: 'demo', userId: null, email, productName: 'Demo book', level: null, quantity: 1, amountCents: 2000, currency: 'aud', memberDetails: null, metadata: {} });
  const get = (path: string, token?: string) => call(`${stack.url}${path}`, token ? { token } : {});

  before(async () => {
    stack = await startPaymentsStack(closers);
    // Identity's user ids are numbers (payments' audit_log keeps them as identity's does).
    ({ treasurer, officer, owner, editor } = staffTokens(stack, 901));
    // A membership paid through the sandbox (the success page fulfils it), and orders in every other state.
    const member = stack.identity.issue({ email: 'Meera.Raman@example.org' });
    buyer = { userId: member.user.id, email: member.user.email };
    const bought = await buyMembership(stack, 'Gold-Student', 50, member);
    assert.equal((await payOnHostedPage(bought.url)).status, 303);
    assert.equal((await call(`${stack.url}/checkout-session/${bought.sessionId}`)).status, 200);
    const paid = await stack.pool.query<{ reference: string }>('SELECT reference FROM checkout_orders WHERE stripe_session_id = $1', [bought.sessionId]);
    paidReference = paid.rows[0]?.reference ?? '';
    for (const [to, from] of [['expired', 'created'], ['abandoned', 'created'], ['open', 'created']] as const) {
      const order = await insertOrder(stack.pool, demo(`${to}@example.org`));
      if (to !== 'open') await moveStatus(stack.pool, order.id, to, [from], 'test');
    }
    const problem = await insertOrder(stack.pool, demo('problem@example.org'));
    await flagProblem(stack.pool, problem.id, 'session cs_x is 1000 aud, the order 2000 aud');
    for (let i = 0; i < ORDER_LIST_PAGE_SIZE; i += 1) await insertOrder(stack.pool, demo(`bulk${i}@example.org`));
    await insertDocument(stack.pool, buyer.userId, 'passport.png', 'image/png', PNG);
  });
  after(() => closers.closeAll());

  it('answers 401 without a login, 403 for a staff role without the desk (and without a second factor)', async () => {
    const anonymous = await get(staffPaymentsPaths.orders);
    assert.equal(anonymous.status, 401);
    const wrongRole = await get(staffPaymentsPaths.orders, editor);
    assert.equal(wrongRole.status, 403);
    assert.equal((wrongRole.body as { error: string }).error, 'forbidden');
    const noSecondFactor = stack.identity.issue({ email: 't2@example.org' }, { roles: ['treasurer'], secondFactor: false }).token;
    assert.equal((await get(staffPaymentsPaths.orders, noSecondFactor)).status, 403);
    assert.equal((await get(staffPaymentsPaths.document('00000000-0000-4000-8000-000000000000'), treasurer)).status, 403, 'documents are the membership officer’s');
    assert.equal((await get(staffPaymentsPaths.audit, treasurer)).status, 403, 'the audit log is the owner’s');
  });

  it('lists orders problems first, then newest first, a page at a time; filters and searches', async () => {
    const first = staffOrderListAnswerSchema.parse((await get(staffPaymentsPaths.orders, treasurer)).body);
    assert.equal(first.total, ORDER_LIST_PAGE_SIZE + 5);
    assert.equal(first.orders.length, ORDER_LIST_PAGE_SIZE);
    assert.equal(first.orders[0]?.email, 'problem@example.org');
    assert.match(first.orders[0]?.problem ?? '', /1000 aud/);
    const second = staffOrderListAnswerSchema.parse((await get(`${staffPaymentsPaths.orders}?page=2`, treasurer)).body);
    assert.equal(second.orders.length, 5);
    assert.equal(new Set([...first.orders, ...second.orders].map((o) => o.reference)).size, ORDER_LIST_PAGE_SIZE + 5);

    const listed = async (filter: string) => staffOrderListAnswerSchema.parse((await get(`${staffPaymentsPaths.orders}?filter=${filter}`, owner)).body);
    const byFilter = async (filter: string) => (await listed(filter)).orders.map((o) => o.email);
    assert.deepEqual(await byFilter('paid'), ['Meera.Raman@example.org']);
    assert.deepEqual(await byFilter('expired'), ['expired@example.org']);
    assert.deepEqual(await byFilter('abandoned'), ['abandoned@example.org']);
    assert.deepEqual(await byFilter('problem'), ['problem@example.org']);
    assert.deepEqual(await byFilter('refunded'), []);
    assert.equal((await listed('open')).total, ORDER_LIST_PAGE_SIZE + 2, 'created and open orders (the problem one is still created)');

    const search = async (q: string) => staffOrderListAnswerSchema.parse((await get(`${staffPaymentsPaths.orders}?q=${encodeURIComponent(q)}`, treasurer)).body).orders.map((o) => o.reference);
    assert.deepEqual(await search('meera.RAMAN'), [paidReference]);
    assert.deepEqual(await search(paidReference), [paidReference]);
    assert.deepEqual(await search('100%_'), [], 'LIKE wildcards are text');

    const bad = await get(`${staffPaymentsPaths.orders}?filter=lost&page=0`, treasurer);
    assert.equal(bad.status, 400);
    assert.match((bad.body as { message: string }).message, /Filter must be one of/);
  });

  it("shows an order's amount, member, Stripe ids, receipt number and every state change; 404 for an unknown one", async () => {
    const { order } = staffOrderAnswerSchema.parse((await get(staffPaymentsPaths.order(paidReference), treasurer)).body);
    assert.equal(order.status, 'paid');
    assert.equal(order.amountCents, 5000);
    assert.equal(order.userId, buyer.userId);
    assert.equal(order.level, 'Gold-Student');
    assert.match(order.stripeSessionId ?? '', /^cs_test_/);
    assert.match(order.stripePaymentIntentId ?? '', /^pi_/);
    assert.equal(order.receiptNumber, order.orderNumber);
    assert.deepEqual(
      order.events.map((event) => [event.fromStatus, event.toStatus]),
      [[null, 'created'], ['created', 'open'], ['open', 'paid']],
    );
    assert.equal(order.refund, null);
    for (const reference of ['ord_doesnotexist0000000', 'nonsense', 'ORD-2026-000001']) {
      const missing = await get(`${staffPaymentsPaths.orders}/${reference}`, treasurer);
      assert.equal(missing.status, 404, reference);
      assert.equal((missing.body as { message: string }).message, ORDER_NOT_FOUND_MESSAGE);
    }
  });

  it("gives the members desk a member's orders and documents, and audits every opening of a document", async () => {
    const orders = memberOrdersAnswerSchema.parse((await get(staffPaymentsPaths.memberOrders(buyer.userId), officer)).body).orders;
    assert.deepEqual(orders.map((o) => o.reference), [paidReference]);
    assert.deepEqual(memberOrdersAnswerSchema.parse((await get(staffPaymentsPaths.memberOrders('nobody'), treasurer)).body).orders, []);
    const { documents } = memberDocumentsAnswerSchema.parse((await get(staffPaymentsPaths.memberDocuments(buyer.userId), officer)).body);
    assert.equal(documents.length, 1);
    const [document] = documents;
    assert.ok(document);
    assert.equal(document.fileName, 'passport.png');

    const res = await fetch(`${stack.url}${staffPaymentsPaths.document(document.id)}`, { headers: { Authorization: `Bearer ${officer}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG);
    assert.equal((await get(staffPaymentsPaths.document('0f0f0f0f-0000-4000-8000-000000000000'), officer)).status, 404);

    const audit = paymentsAuditPageAnswerSchema.parse((await get(`${staffPaymentsPaths.audit}?action=document_opened`, owner)).body);
    assert.equal(audit.entries.length, 1, 'one opening, one entry (the 404 wrote none)');
    assert.equal(audit.entries[0]?.actorEmail, 'officer@example.org');
    assert.equal(audit.entries[0]?.actorUserId, '902');
    assert.equal(audit.entries[0]?.target, `document:${document.id}`);
    assert.match(audit.entries[0]?.summary ?? '', new RegExp(`passport\\.png .* of user ${buyer.userId}`));
    await assert.rejects(stack.pool.query('DELETE FROM audit_log'), /append-only/);
  });
});
