import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEMBERSHIP_STATUSES, type MembershipRequest } from '@tca/contracts';
import { answering, jsonResponse, type FetchCall } from '@tca/ui/testing/api-doubles';
import { approveMembership, rejectMembership } from './api/decide-membership.js';
import { listMembershipRequests } from './api/list-membership-requests.js';
import { isStatusChoice, levelText, pageCount, pendingText, rangeText, reasonError, requestedText, requestStatusChoices, requestsQueryString } from './membership-requests.js';
import { translator } from '@tca/ui/i18n';
import { membersCatalog } from './messages.js';

const request: MembershipRequest = {
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

test('the list query: nothing for the first page of every status, status and page otherwise', () => {
  assert.equal(requestsQueryString({ status: '', page: 1 }), '');
  assert.equal(requestsQueryString({ status: 'Pending', page: 1 }), '?status=Pending');
  assert.equal(requestsQueryString({ status: 'Rejected', page: 3 }), '?status=Rejected&page=3');
  assert.equal(requestsQueryString({ status: '', page: 2 }), '?page=2');
});

test('the status choices: every status first, then each; nothing else is a choice', () => {
  assert.deepEqual(
    requestStatusChoices(translator(membersCatalog)).map((choice) => choice.value),
    ['', ...MEMBERSHIP_STATUSES],
  );
  assert.deepEqual(MEMBERSHIP_STATUSES.slice(0, 5), ['Active', 'Pending', 'Current', 'Rejected', 'Expired']);
  assert.ok(isStatusChoice('Pending') && isStatusChoice(''));
  assert.equal(isStatusChoice('pending'), false);
});

test('pages, range and headline texts', () => {
  assert.equal(pageCount({ total: 0, pageSize: 25 }), 1);
  assert.equal(pageCount({ total: 51, pageSize: 25 }), 3);
  assert.equal(rangeText({ total: 61, page: 2, pageSize: 25, memberships: Array.from({ length: 25 }, () => request) }), 'Requests 26–50 of 61');
  assert.equal(rangeText({ total: 61, page: 9, pageSize: 25, memberships: [] }), 'No requests on this page.');
  assert.equal(pendingText(0), 'No request is waiting for a decision.');
  assert.equal(pendingText(1), '1 request is waiting for a decision.');
  assert.equal(pendingText(4), '4 requests are waiting for a decision.');
});

test('a request in words: level with term and dependants; the time in Adelaide', () => {
  assert.equal(levelText(request), 'Silver-Family, annual, 2 dependants');
  assert.equal(levelText({ ...request, term: 'life-time', dependants: 1 }), 'Silver-Family, life-time, 1 dependant');
  assert.equal(levelText({ ...request, dependants: 0 }), 'Silver-Family, annual');
  // 23:45 UTC is 10:15 the next morning in Adelaide (ACDT, +10:30).
  assert.equal(requestedText(request.createdAt), '27 Nov 2026, 10:15 am');
  assert.equal(requestedText('not a date'), 'not a date');
});

test('the reason is checked before sending, with the server\'s rules', () => {
  assert.equal(reasonError('   '), 'Give a reason: the member is e-mailed it');
  assert.equal(reasonError('x'.repeat(1001)), 'The reason may have at most 1000 characters');
  assert.equal(reasonError('The passport copy is unreadable.'), null);
});

test('the calls: paths (request IDs encoded), methods, token, bodies and parsed answers', async () => {
  const calls: FetchCall[] = [];
  const listed = await listMembershipRequests('tok', { status: 'Pending', page: 2 }, undefined, answering(() => jsonResponse(200, { memberships: [request], total: 26, page: 2, pageSize: 25, pending: 26 }), calls));
  assert.equal(listed.kind === 'ok' && listed.answer?.memberships[0]?.requestId, request.requestId);
  const decided = { message: 'Approved.', membership: { ...request, status: 'Active' } };
  const approved = await approveMembership('tok', 'M-2026/1', answering(() => jsonResponse(200, decided), calls));
  assert.equal(approved.kind === 'ok' && approved.answer?.membership.status, 'Active');
  const stale = { error: 'already_decided', message: 'M-2026-000012 is no longer Pending: a@example.org already approved it, and it is Active now. Nothing was changed.' };
  const rejected = await rejectMembership('tok', request.requestId, 'Unreadable.', answering(() => jsonResponse(409, { ...stale, current: request, lastDecision: null }), calls));
  assert.equal(rejected.kind === 'http' && rejected.status, 409);
  assert.equal(rejected.kind === 'http' && rejected.error?.message, stale.message);
  assert.deepEqual(
    calls.map((call) => `${call.init.method} ${call.input}`),
    ['GET /staff-api/memberships?status=Pending&page=2', 'POST /staff-api/memberships/M-2026%2F1/approve', 'POST /staff-api/memberships/M-2026-000012/reject'],
  );
  assert.equal((calls[1]?.init.headers as Record<string, string>).Authorization, 'Bearer tok');
  assert.deepEqual(JSON.parse(String(calls[1]?.init.body)), {});
  assert.deepEqual(JSON.parse(String(calls[2]?.init.body)), { reason: 'Unreadable.' });
});
