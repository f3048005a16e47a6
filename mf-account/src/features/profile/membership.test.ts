import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayDate, firstMembership, isPending, membershipEnd, membershipPeriod, membershipValidity, statusTone } from './membership.js';

const DAY = 24 * 60 * 60 * 1000;
const record = {
  membershipName: 'Silver-Single',
  status: 'Active',
  requestId: 'REQ-1',
  createdAt: '2026-03-01T00:00:00.000Z',
  doB: '1990-04-12',
  firstname: 'Meera',
  lastname: 'Raman',
  email: 'meera@example.org',
  phone: '61412345678',
  address: '1 King William St, Adelaide, SA, 5000',
  profession: 'Engineer',
  term: 'annual',
};

test('status colours: green Active, yellow Pending, red anything else', () => {
  assert.equal(statusTone('Active'), 'active');
  assert.equal(statusTone('Pending'), 'pending');
  assert.equal(statusTone(' pending '), 'pending');
  for (const status of ['Current', 'Rejected', 'Expired', 'Cancelled', '']) assert.equal(statusTone(status), 'other');
  assert.equal(isPending('Pending'), true);
  assert.equal(isPending('Active'), false);
});

test('validity ends one year after createdAt', () => {
  assert.equal(membershipEnd('2026-03-01T00:00:00.000Z')?.toISOString(), '2027-03-01T00:00:00.000Z');
  assert.equal(membershipEnd('2024-02-29T10:00:00.000Z')?.toISOString(), '2025-03-01T10:00:00.000Z');
  assert.equal(membershipEnd(''), null);
  assert.equal(membershipEnd('soon'), null);
});

test('without a period, validity shows N/A, Expired or the whole days remaining from createdAt (rounded up, minus one)', () => {
  const created = '2026-03-01T00:00:00.000Z';
  const end = Date.parse('2027-03-01T00:00:00.000Z');
  const annual = (createdAt: string) => ({ status: 'Active', createdAt, term: 'annual' as const, endsOn: null });
  assert.equal(membershipValidity(annual(''), end), 'N/A');
  assert.equal(membershipValidity(annual('garbage'), end), 'N/A');
  assert.equal(membershipValidity(annual(created), end), 'Expired');
  assert.equal(membershipValidity(annual(created), end + 1), 'Expired');
  // 10.5 days left: rounded up to 11, minus one.
  assert.equal(membershipValidity(annual(created), end - 10.5 * DAY), '10 days remaining');
  // Exactly 10 days left: 10, minus one.
  assert.equal(membershipValidity(annual(created), end - 10 * DAY), '9 days remaining');
  // Less than a day left.
  assert.equal(membershipValidity(annual(created), end - 1000), '0 days remaining');
  assert.equal(membershipValidity(annual(created), Date.parse(created)), '364 days remaining');
});

test('with a period, validity counts to endsOn in Adelaide: a renewal bought early counts from its own start', () => {
  // Bought on 1 March 2026, starting when the previous year ends (1 June 2026), so it ends on 1 June 2027.
  const renewal = { status: 'Active', createdAt: '2026-03-01T00:00:00.000Z', term: 'annual' as const, endsOn: '2027-06-01' };
  // 10:00 on 1 March 2026 in Adelaide (ACDT): 457 days to 1 June 2027, minus one.
  assert.equal(membershipValidity(renewal, Date.parse('2026-02-28T23:30:00Z')), '456 days remaining');
  // The last day (31 May 2027, in Adelaide, late in the evening UTC+9:30): 0 days remaining; then Expired.
  assert.equal(membershipValidity(renewal, Date.parse('2027-05-31T14:00:00Z')), '0 days remaining');
  assert.equal(membershipValidity(renewal, Date.parse('2027-05-31T14:31:00Z')), 'Expired');
  assert.equal(membershipValidity({ ...renewal, endsOn: 'soon' }, Date.parse('2026-03-02T00:00:00Z')), '363 days remaining', 'an unreadable end falls back to createdAt');
});

test('a Cancelled membership (refunded) has no days remaining, whatever its term', () => {
  const cancelled = { status: 'Cancelled', createdAt: '2026-03-01T00:00:00.000Z', term: 'annual' as const, endsOn: '2027-03-01' };
  assert.equal(membershipValidity(cancelled, Date.parse('2026-04-01T00:00:00Z')), 'Cancelled');
  assert.equal(membershipValidity({ ...cancelled, term: 'life-time', endsOn: null }), 'Cancelled');
});

test('the period shows its first and last valid day', () => {
  assert.equal(membershipPeriod({ startsOn: '2026-06-01', endsOn: '2027-06-01' }), '1 June 2026 – 31 May 2027');
  assert.equal(membershipPeriod({ startsOn: null, endsOn: null }), null);
  assert.equal(membershipPeriod({ startsOn: '2026-06-01', endsOn: 'later' }), null);
});

test('life-time levels say Life-time', () => {
  const gold = { status: 'Active', createdAt: '2020-01-01T00:00:00.000Z', term: 'life-time' as const, endsOn: null };
  assert.equal(membershipValidity(gold, Date.parse('2030-01-01')), 'Life-time');
  assert.equal(membershipValidity({ ...gold, createdAt: '' }), 'Life-time');
});

test('the answer may be a list or one record; the profile uses the first; none is null', () => {
  assert.equal(firstMembership([]), null);
  assert.equal(firstMembership(null), null);
  const second = { ...record, requestId: 'REQ-2' };
  assert.equal(firstMembership([record, second])?.requestId, 'REQ-1');
  assert.equal(firstMembership(record)?.membershipName, 'Silver-Single');
  assert.deepEqual([firstMembership(record)?.startsOn, firstMembership(record)?.endsOn], [null, null], 'an answer without a period');
  const withPeriod = firstMembership([{ ...record, startsOn: '2026-03-01', endsOn: '2027-03-01' }]);
  assert.deepEqual([withPeriod?.startsOn, withPeriod?.endsOn], ['2026-03-01', '2027-03-01']);
  assert.throws(() => firstMembership([{ hello: 'world' }]), /could not be read/);
});

test('a record without a term takes it from the level (§9: Gold levels are life-time)', () => {
  const { term: _term, ...withoutTerm } = record;
  assert.equal(firstMembership([withoutTerm])?.term, 'annual');
  assert.equal(firstMembership([{ ...withoutTerm, membershipName: 'Gold-Family' }])?.term, 'life-time');
  assert.equal(firstMembership([{ ...record, membershipName: 'Gold-Family', term: 'annual' }])?.term, 'annual');
});

test('dates read as days: calendar dates as written, instants in Adelaide', () => {
  assert.equal(displayDate('1990-04-12'), '12 April 1990');
  // 20:00 UTC on 1 March is 2 March in Adelaide.
  assert.equal(displayDate('2026-03-01T20:00:00.000Z'), '2 March 2026');
  assert.equal(displayDate(null), 'N/A');
  assert.equal(displayDate('someday'), 'someday');
});
