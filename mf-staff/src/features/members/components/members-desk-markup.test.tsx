import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import type { MemberDetailAnswer, MembershipRequest, MembersAnswer } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { MembersDesk } = await import('./members-desk.js');
const { MembersResults } = await import('./members-search.js');
const { MemberDetail, DocumentsList, OrdersList } = await import('./member-view.js');
const { RequestsTable } = await import('./requests-panel.js');
const { filterErrors, NO_FILTER } = await import('../members-desk.js');
const { englishWords } = await import('../../../shared/tamil-markup.js');

const noop = () => undefined;

const render = (node: ReactNode, at = '/staff/members') => renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

test('the desk: title, its two views as links (the current one marked), a labelled search form, Export CSV', () => {
  const html = render(<MembersDesk />);
  assert.equal(h1(html), 'Members desk');
  assert.match(html, /<a aria-current="page" href="\/staff\/members"[^>]*>Find members<\/a>/);
  assert.match(html, /<a href="\/staff\/members\?view=requests"[^>]*>Requests to decide<\/a>/);
  assert.match(html, /<form role="search" aria-label="Find members"/);
  for (const label of ['Name or e-mail', 'Level', 'Status', 'Ends within \\(days\\)']) assert.match(html, new RegExp(`<label for="([^"]+)"[^>]*>${label}</label><(input|select) [^>]*id="\\1"`), label);
  assert.match(html, />Export CSV of Active members<\/button>/);
  assert.match(html, /Loading the members\.\.\./);
});

test('the requests view keeps the membership requests reachable', () => {
  const html = render(<MembersDesk />, '/staff/members?view=requests');
  assert.match(html, /<a aria-current="page" href="\/staff\/members\?view=requests"/);
  assert.match(html, /Loading the membership requests\.\.\./);
});

const answer: MembersAnswer = {
  members: [
    { userId: '7', requestId: 'M-2026-000012', name: 'மீனா ராமன்', email: 'meena@example.org', phone: '', level: 'Silver-Single', term: 'annual', status: 'Active', startsOn: '2026-03-08', endsOn: '2027-03-08', createdAt: '2026-03-08T01:00:00.000Z' },
  ],
  total: 30,
  page: 1,
  pageSize: 25,
  counts: { levels: { 'Silver-Single': 30 }, statuses: { Active: 29, Pending: 1 } },
};

test('the results: counts per level and status as tables, each member linked to their page, a pager', () => {
  const html = render(<MembersResults answer={answer} onPage={() => undefined} />);
  assert.match(html, /<caption>Memberships per level<\/caption>.*<th scope="row">Silver-Single<\/th><td>30<\/td>.*<th scope="row">Gold-Family<\/th><td>0<\/td>/);
  assert.match(html, /<th scope="row">Pending<\/th><td>1<\/td>/);
  assert.match(html, /<a href="\/staff\/members\/7">மீனா ராமன்<\/a>/);
  assert.match(html, /<p role="status">Memberships 1–1 of 30<\/p>/);
  assert.match(html, /<nav [^>]*aria-label="Pages of members"/);
});

const detail: MemberDetailAnswer = {
  account: { userId: '7', email: 'meena@example.org', firstName: 'மீனா', lastName: 'ராமன்', phoneNumber: '61412345678', createdAt: '2026-03-01T01:00:00.000Z' },
  memberships: [
    {
      requestId: 'M-2026-000012',
      level: 'Silver-Family',
      term: 'annual',
      status: 'Rejected',
      startsOn: '2026-03-08',
      endsOn: '2027-03-08',
      createdAt: '2026-03-08T01:00:00.000Z',
      amountTotal: 5000,
      currency: 'aud',
      name: 'மீனா ராமன்',
      email: 'meena@example.org',
      phone: '61412345678',
      address: '12 Tamil Street',
      history: [
        { at: '2026-03-08T01:00:00.000Z', fromStatus: null, toStatus: 'Pending', event: 'requested', by: null, reason: null },
        { at: '2026-03-09T01:00:00.000Z', fromStatus: 'Pending', toStatus: 'Rejected', event: 'rejected', by: 'officer@example.org', reason: 'No proof of address.' },
      ],
      dependants: [{ relation: 'child', name: 'Nila', age: 7 }],
    },
  ],
};

test("the member's page: the account, each membership with its period, history and dependants", () => {
  const html = render(<MemberDetail answer={detail} />);
  assert.match(html, /<h2 id="member-account"[^>]*>Account<\/h2>/);
  assert.match(html, /<dt>E-mail<\/dt><dd>meena@example.org<\/dd>/);
  assert.match(html, /<h3 id="membership-M-2026-000012">Silver-Family: M-2026-000012<\/h3>/);
  assert.match(html, /<dt>Period<\/dt><dd>8 Mar 2026 – 8 Mar 2027<\/dd>/);
  assert.match(html, /<dt>Paid<\/dt><dd>\$50\.00 AUD<\/dd>/);
  assert.match(html, /Pending → Rejected \(rejected by officer@example\.org\): No proof of address\./);
  assert.match(html, /Nila \(child, 7\)/);
  assert.doesNotMatch(html, /password|secret/i);
});

test('documents: one Open button each, named by the file; the audit note', () => {
  const html = render(<DocumentsList documents={[{ id: 'd1', fileName: 'passport.pdf', contentType: 'application/pdf', size: 20480, uploadedAt: '2026-03-08T01:00:00.000Z' }]} />);
  assert.match(html, /<button type="button"[^>]*>Open passport\.pdf<\/button>/);
  assert.match(html, /20 KB, uploaded 8 Mar 2026/);
  assert.match(html, /recorded in the audit log/);
});

test("orders: number, product, amount and state; a problem flagged", () => {
  const order = { reference: 'ord_0123456789abcdef', orderNumber: 'ORD-2026-000001', kind: 'membership' as const, status: 'paid' as const, amountCents: 1000, currency: 'aud', email: 'meena@example.org', userId: '7', level: 'Silver-Single', productName: 'Silver-Single', createdAt: '2026-11-28T00:30:00.000Z', paidAt: '2026-11-28T00:31:00.000Z', problem: null };
  const html = render(<OrdersList orders={[order, { ...order, reference: 'ord_x', orderNumber: 'ORD-2026-000002', problem: 'amount 900 ≠ 1000' }]} />);
  assert.match(html, /<strong>ORD-2026-000001<\/strong>: Silver-Single, \$10\.00 AUD\. Paid 28 Nov 2026, 11:01 am\./);
  assert.match(html, /Problem: amount 900 ≠ 1000/);
  assert.match(render(<OrdersList orders={[]} />), /No orders\./);
});

const request: MembershipRequest = {
  requestId: 'M-2026-000013',
  name: 'Kavya Raman',
  email: 'kavya@example.org',
  membershipName: 'Gold-Family',
  term: 'annual',
  dependants: 2,
  status: 'Pending',
  createdAt: '2026-11-27T00:45:00.000Z',
  startsOn: null,
  endsOn: null,
};

test('the members desk speaks Tamil on a Tamil page: the desk, the results, a member, the requests', async () => {
  await setLang('ta', { remember: false });
  try {
    const desk = render(<MembersDesk />);
    assert.match(desk, /<h1[^>]*>உறுப்பினர் பணிமேடை<\/h1>/);
    assert.match(desk, />செயலில் உள்ள உறுப்பினர்களின் <span lang="en">CSV<\/span>-ஐ ஏற்றுமதி செய்<\/button>/);
    assert.match(desk, /நிர்வாகப் பகுதிக்குத் திரும்பு/);
    assert.deepEqual(englishWords(desk), []);

    const results = render(<MembersResults answer={answer} onPage={noop} />);
    assert.match(results, /உறுப்புரிமைகள் 1–1 \/ 30/);
    assert.match(results, /<th scope="row">செயலில்<\/th><td>29<\/td>/);
    assert.match(results, /<th scope="row"><span lang="en">Silver-Single<\/span><\/th>/);
    assert.deepEqual(englishWords(results), []);

    const member = render(<MemberDetail answer={detail} />);
    assert.match(member, /நிலுவையில் → நிராகரிக்கப்பட்டது \(நிராகரிக்கப்பட்டது, officer@example\.org மூலம்\): <span lang="en">No proof of address\.<\/span>/);
    assert.match(member, /மார்ச்|மார்/);
    assert.deepEqual(englishWords(member), []);

    const requests = render(<RequestsTable answer={{ memberships: [request], total: 1, page: 1, pageSize: 25, pending: 1 }} filter={{ status: '', page: 1 }} onPage={noop} onApprove={noop} onReject={noop} />);
    assert.match(requests, /1 கோரிக்கை முடிவுக்காகக் காத்திருக்கிறது\./);
    assert.match(requests, /<span lang="en">Gold-Family<\/span>, ஆண்டுக்கு, சார்ந்திருப்போர் 2/);
    // Approve is named by the marked id and name and its own Tamil text (no English inside an aria-label).
    const approve = /<button type="button" class="[^"]*" id="([^"]+)" aria-labelledby="([^"]+)">அங்கீகரி<\/button>/.exec(requests);
    assert.ok(approve, 'Approve is named by aria-labelledby');
    const [idPart, namePart, own] = (approve[2] ?? '').split(' ');
    assert.equal(own, approve[1]);
    assert.match(requests, new RegExp(`<span id="${idPart}" class="[^"]*" lang="en">M-2026-000013</span>`));
    assert.match(requests, new RegExp(`<span id="${namePart}"><span lang="en">Kavya Raman</span></span>`));
    assert.doesNotMatch(requests, /aria-label="[^"]*Kavya/);

    assert.deepEqual(filterErrors({ ...NO_FILTER, q: 'ab', endsWithinDays: '0' }), {
      q: 'பெயரின் அல்லது மின்னஞ்சல் முகவரியின் குறைந்தது 3 எழுத்துகளைத் தட்டச்சு செய்யுங்கள்',
      endsWithinDays: 'முடிவதற்குள்: 1 முதல் 3650 வரையிலான முழு நாட்களின் எண்ணிக்கை',
    });
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<MembersResults answer={answer} onPage={noop} />), /Memberships 1–1 of 30/);
});
