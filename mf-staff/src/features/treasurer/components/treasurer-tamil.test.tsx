import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffOrderDetail } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { OrdersPanel, OrderRows } = await import('./orders-panel.js');
const { OrderPanel } = await import('./order-panel.js');
const { RefundDialog } = await import('./refund-dialog.js');
const { refundReasonError, refundSummary } = await import('../treasurer.js');
const { englishWords } = await import('../../members/components/tamil-markup.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/orders']}>{node}</MemoryRouter>);
const noop = () => undefined;

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
    assert.match(dialog, /ஆர்டர் ORD-2026-000042 இன் முழுத் தொகையையும் திருப்பியளிக்கவா\?/);
    assert.equal(refundReasonError(' '), 'பணத்திருப்பத்துக்கான காரணத்தைக் குறிப்பிடுங்கள்');
    assert.match(refundSummary({ id: 're_1', reason: 'Paid twice', requestedBy: 't@example.org', requestedAt: '2026-11-28T00:57:00Z', refundedAt: null }), /^பணத்திருப்பம் கோரப்பட்டது; .* t@example\.org கோரினார்: “Paid twice” \(Stripe பணத்திருப்ப எண் re_1\)\.$/);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<OrdersPanel />), /<h1[^>]*>Orders<\/h1>/);
});
