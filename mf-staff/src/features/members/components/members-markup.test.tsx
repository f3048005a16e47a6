import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import type { MembershipRequest, MembershipRequestsAnswer } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { RequestsPanel, RequestsTable } = await import('./requests-panel.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/members']}>{node}</MemoryRouter>);
const noop = () => undefined;
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

const pending: MembershipRequest = {
  requestId: 'M-2026-000012',
  membershipName: 'Silver-Family',
  term: 'annual',
  status: 'Pending',
  name: 'Kavya Raman',
  email: 'kavya@example.org',
  createdAt: '2026-11-26T23:45:00.000Z',
  startsOn: null,
  endsOn: null,
  dependants: 2,
};
const active: MembershipRequest = { ...pending, requestId: 'M-2026-000010', status: 'Active', name: 'Arun Kumar', email: 'arun@example.org' };
const answer: MembershipRequestsAnswer = { memberships: [pending, active], total: 30, page: 1, pageSize: 25, pending: 1 };

test('the requests view: its lead, a labelled status filter, the list loading (the members desk gives the title)', () => {
  const html = render(<RequestsPanel />);
  assert.equal(h1(html), undefined);
  assert.match(html, /Approve or reject the membership requests/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Status<\/label><select id="\1"/);
  assert.match(html, /<option value="" selected="">Every status \(Pending first\)<\/option>/);
  assert.match(html, /Loading the membership requests\.\.\./);
});

test('the table: a caption with the range, column headers, a row header per request; Approve and Reject named for Pending ones only', () => {
  const html = render(<RequestsTable answer={answer} filter={{ status: '', page: 1 }} onPage={noop} onApprove={noop} onReject={noop} />);
  assert.match(html, /<h2[^>]*>Requests, Pending first<\/h2>/);
  assert.match(html, /role="status">1 request is waiting for a decision\./);
  assert.match(html, /<caption>Requests 1–2 of 30<\/caption>/);
  for (const column of ['Request', 'Member', 'Level', 'Status', 'Requested', 'Decision']) assert.match(html, new RegExp(`<th scope="col">${column}</th>`));
  assert.match(html, /<th scope="row">.*M-2026-000012/);
  assert.match(html, /kavya@example\.org/);
  assert.match(html, /Silver-Family, annual, 2 dependants/);
  assert.match(html, /<time dateTime="2026-11-26T23:45:00.000Z">27 Nov 2026, 10:15 am<\/time>/);
  assert.match(html, /aria-label="Approve M-2026-000012 \(Kavya Raman\)">Approve<\/button>/);
  assert.match(html, /aria-label="Reject M-2026-000012 \(Kavya Raman\)">Reject<\/button>/);
  assert.doesNotMatch(html, /Approve M-2026-000010/);
  assert.match(html, /Nothing to decide/);
  // 30 requests at 25 a page: a pager, Previous disabled on the first page.
  assert.match(html, /<nav[^>]*aria-label="Pages of requests"/);
  assert.match(html, /<button type="button"[^>]*disabled="">Previous page<\/button>/);
  assert.match(html, /Page 1 of 2/);
});

test('an empty filter says so; one page has no pager', () => {
  const html = render(<RequestsTable answer={{ memberships: [], total: 0, page: 1, pageSize: 25, pending: 0 }} filter={{ status: 'Rejected', page: 1 }} onPage={noop} onApprove={noop} onReject={noop} />);
  assert.match(html, /<h2[^>]*>Rejected requests<\/h2>/);
  assert.match(html, /There are no Rejected requests\./);
  assert.doesNotMatch(html, /<table|Pages of requests/);
});

test('the reject dialog: the question, a labelled required reason (at most 1000 characters, its hint), Cancel and a submit for its form', async () => {
  const { RejectDialog } = await import('./reject-dialog.js');
  const html = render(<RejectDialog request={pending} busy={false} failure="The reason may have at most 1000 characters." onReject={noop} onCancel={noop} />);
  assert.match(html, /<h2[^>]*>Reject M-2026-000012\?<\/h2>/);
  assert.match(html, /Kavya Raman \(kavya@example\.org\) is e-mailed/);
  assert.match(html, /role="alert"[^>]*>.*The reason may have at most 1000 characters\./);
  assert.match(html, /<label for="([^"]+)"[^>]*>Reason for the member<span[^>]*> \*<\/span><\/label><textarea id="\1" aria-describedby="\1-hint" required=""[^>]*maxLength="1000"/);
  assert.match(html, /<button type="submit" form="reject-form" class="tca-button">Reject request<\/button>/);
  assert.match(html, /<button type="button"[^>]*>Cancel<\/button>/);
});
