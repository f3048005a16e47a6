import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayDate, firstMembership, isPending, membershipEnd, membershipValidity, statusTone } from './membership.js';

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

test('validity shows N/A, Expired or the whole days remaining (rounded up, minus one)', () => {
  const created = '2026-03-01T00:00:00.000Z';
  const end = Date.parse('2027-03-01T00:00:00.000Z');
  assert.equal(membershipValidity(null, 'annual', end), 'N/A');
  assert.equal(membershipValidity('garbage', 'annual', end), 'N/A');
  assert.equal(membershipValidity(created, 'annual', end), 'Expired');
  assert.equal(membershipValidity(created, 'annual', end + 1), 'Expired');
  // 10.5 days left: rounded up to 11, minus one.
  assert.equal(membershipValidity(created, 'annual', end - 10.5 * DAY), '10 days remaining');
  // Exactly 10 days left: 10, minus one.
  assert.equal(membershipValidity(created, 'annual', end - 10 * DAY), '9 days remaining');
  // Less than a day left.
  assert.equal(membershipValidity(created, 'annual', end - 1000), '0 days remaining');
  assert.equal(membershipValidity(created, 'annual', Date.parse(created)), '364 days remaining');
});

test('life-time levels say Life-time', () => {
  assert.equal(membershipValidity('2020-01-01T00:00:00.000Z', 'life-time', Date.parse('2030-01-01')), 'Life-time');
  assert.equal(membershipValidity(null, 'life-time'), 'Life-time');
});

test('the answer may be a list or one record; the profile uses the first; none is null', () => {
  assert.equal(firstMembership([]), null);
  assert.equal(firstMembership(null), null);
  const second = { ...record, requestId: 'REQ-2' };
  assert.equal(firstMembership([record, second])?.requestId, 'REQ-1');
  assert.equal(firstMembership(record)?.membershipName, 'Silver-Single');
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
