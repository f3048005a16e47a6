import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MemberDetailAnswer, MembershipRequest, MembersAnswer } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { MembersDesk } = await import('./members-desk.js');
const { MembersResults } = await import('./members-search.js');
const { MemberDetail } = await import('./member-view.js');
const { RequestsTable } = await import('./requests-panel.js');
const { filterErrors, NO_FILTER } = await import('../members-desk.js');
const { englishWords } = await import('./tamil-markup.js');

const render = (node: ReactNode, at = '/staff/members') => renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>);
const noop = () => undefined;

const answer: MembersAnswer = {
  members: [
    { userId: '7', requestId: 'M-2026-000012', name: 'Meena Raman', email: 'meena@example.org', phone: '', level: 'Silver-Single', term: 'annual', status: 'Active', startsOn: '2026-03-08', endsOn: '2027-03-08', createdAt: '2026-03-08T01:00:00.000Z' },
  ],
  total: 30,
  page: 1,
  pageSize: 25,
  counts: { levels: { 'Silver-Single': 30 }, statuses: { Active: 29, Pending: 1 } },
};

const detail: MemberDetailAnswer = {
  account: { userId: 'u-7', email: 'meena@example.org', firstName: 'Meena', lastName: 'Raman', phoneNumber: '61412345678', createdAt: '2026-03-01T01:00:00.000Z' },
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
      name: 'Meena Raman',
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
    assert.match(requests, /aria-label="M-2026-000013 \(Kavya Raman\) — அங்கீகரி"/);

    assert.deepEqual(filterErrors({ ...NO_FILTER, q: 'ab', endsWithinDays: '0' }), {
      q: 'பெயரின் அல்லது மின்னஞ்சல் முகவரியின் குறைந்தது 3 எழுத்துகளைத் தட்டச்சு செய்யுங்கள்',
      endsWithinDays: 'முடிவதற்குள்: 1 முதல் 3650 வரையிலான முழு நாட்களின் எண்ணிக்கை',
    });
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<MembersResults answer={answer} onPage={noop} />), /Memberships 1–1 of 30/);
});
