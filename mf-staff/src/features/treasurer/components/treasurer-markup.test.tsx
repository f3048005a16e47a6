import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffOrderDetail, StaffOrderListAnswer } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { OrdersPanel, OrderRows } = await import('./orders-panel.js');
const { OrderPanel } = await import('./order-panel.js');
const { RefundDialog } = await import('./refund-dialog.js');
const { refundReasonError, refundSummary } = await import('../treasurer.js');
const { englishWords } = await import('../../../shared/tamil-markup.js');

const noop = () => undefined;

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/orders']}>{node}</MemoryRouter>);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

const order: StaffOrderDetail = {
  reference: 'ord_abcdefghijklmnopqrst',
  orderNumber: 'ORD-2026-000042',
  kind: 'membership',
  status: 'paid',
  amountCents: 10000,
  currency: 'aud',
  email: 'meera@example.org',
  userId: '42',
  level: 'Gold-Single',
  productName: 'Gold-Single',
  createdAt: '2026-11-27T01:00:00.000Z',
  paidAt: '2026-11-27T01:02:00.000Z',
  problem: null,
  quantity: 1,
  stripeSessionId: 'cs_test_1',
  stripePaymentIntentId: 'pi_1',
  receiptNumber: 'ORD-2026-000042',
  membershipRequestId: 'REQ-1',
  membershipStatus: 'Active',
  refund: null,
  events: [
    { at: '2026-11-27T01:00:00.000Z', fromStatus: null, toStatus: 'created', source: 'checkout', detail: '' },
    { at: '2026-11-27T01:02:00.000Z', fromStatus: 'open', toStatus: 'paid', source: 'fulfil (completed)', detail: '' },
  ],
};

test('the order list: title, the tabs as pressed buttons, a labelled search, the list loading', () => {
  const html = render(<OrdersPanel />);
  assert.equal(h1(html), 'Orders');
  assert.match(html, /<ul[^>]*aria-label="Orders to show">/);
  assert.match(html, /aria-pressed="true">All<\/button>/);
  assert.match(html, /aria-pressed="false">Problems<\/button>/);
  assert.match(html, /<form role="search"/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Find an order[^<]*<.*<input[^>]*id="\1"/);
  assert.match(html, /Loading the orders\.\.\./);
});

test('order rows: the order number links to the order; a problem says what disagreed; paging is labelled', () => {
  const flagged = { ...order, problem: 'session cs_x is 1000 aud, the order 10000 aud' };
  const answer: StaffOrderListAnswer = { orders: [flagged], total: 30, page: 1, pageSize: 25 };
  const html = render(<OrderRows answer={answer} onPage={() => undefined} />);
  assert.match(html, /role="status">Orders 1–1 of 30/);
  assert.match(html, /<a href="\/staff\/orders\/ord_abcdefghijklmnopqrst"[^>]*>ORD-2026-000042<\/a>/);
  assert.match(html, /Problem: session cs_x is 1000 aud/);
  assert.match(html, /Gold-Single membership, A\$100\.00/);
  assert.match(html, /<nav[^>]*aria-label="Pages of orders"/);
});

test('an order: details with the Stripe ids and receipt number, the history, Refund for a paid one only', () => {
  const html = render(<OrderPanel initial={order} />);
  assert.equal(h1(html), 'Order ORD-2026-000042');
  assert.match(html, /<dt>Stripe PaymentIntent<\/dt><dd>pi_1<\/dd>/);
  assert.match(html, /<dt>Receipt number<\/dt><dd>ORD-2026-000042<\/dd>/);
  assert.match(html, /Created <span[^>]*>\(checkout\)<\/span>.*Open → Paid/);
  assert.match(html, />Refund in full<\/button>/);
  const refunded = render(
    <OrderPanel initial={{ ...order, status: 'refunded', refund: { id: 're_1', reason: 'Paid twice', requestedBy: 'treasurer@example.org', requestedAt: '2026-11-28T01:00:00.000Z', refundedAt: '2026-11-28T01:00:05.000Z' } }} />,
  );
  assert.doesNotMatch(refunded, /Refund in full/);
  assert.match(refunded, /Asked by treasurer@example\.org/);
  assert.match(refunded, /Stripe refund re_1/);
  assert.match(render(<OrderPanel initial={{ ...order, status: 'expired', paidAt: null, receiptNumber: null }} />), /Only a paid order can be refunded\./);
});

test("the treasurer's desk speaks Tamil on a Tamil page: the orders, an order, the refund", async () => {
  await setLang('ta', { remember: false });
  try {
    const list = render(<OrdersPanel />);
    assert.match(list, /<h1[^>]*>ஆர்டர்கள்<\/h1>/);
    assert.match(list, />சிக்கல்கள்<\/button>/);
    assert.match(list, /<span lang="en">ORD-2026-000123<\/span>/);
    assert.deepEqual(englishWords(list), []);

    const rows = render(<OrderRows answer={{ orders: [order], total: 1, page: 1, pageSize: 25 }} onPage={noop} />);
    assert.match(rows, /ஆர்டர்கள் 1–1 \/ 1/);
    assert.match(rows, />1 ஆர்டர்<\/h2>/);
    assert.match(rows, /<span lang="en">Gold-Single<\/span> உறுப்புரிமை, \$100\.00/);
    assert.deepEqual(englishWords(rows), []);

    const page = render(<OrderPanel initial={order} />);
    assert.match(page, /<h1[^>]*>ஆர்டர் <span lang="en">ORD-2026-000042<\/span><\/h1>/);
    assert.match(page, />முழுத் தொகையையும் திருப்பியளி<\/button>/);
    assert.match(page, /உருவாக்கப்பட்டது/);
    assert.deepEqual(englishWords(page), []);

    const dialog = render(<RefundDialog order={order} busy={false} failure={null} onRefund={noop} onCancel={noop} />);
    // The order number as written, marked lang="en" inside the Tamil question.
    assert.match(dialog, /<h2[^>]*>ஆர்டர் <span lang="en">ORD-2026-000042<\/span> இன் முழுத் தொகையையும் திருப்பியளிக்கவா\?<\/h2>/);
    assert.equal(refundReasonError(' '), 'பணத்திருப்பத்துக்கான காரணத்தைக் குறிப்பிடுங்கள்');
    assert.match(refundSummary({ id: 're_1', reason: 'Paid twice', requestedBy: 't@example.org', requestedAt: '2026-11-28T00:57:00Z', refundedAt: null }), /^பணத்திருப்பம் கோரப்பட்டது; .* t@example\.org கோரினார்: “Paid twice” \(Stripe பணத்திருப்ப எண் re_1\)\.$/);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<OrdersPanel />), /<h1[^>]*>Orders<\/h1>/);
});
