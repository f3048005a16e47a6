import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHILD_REQUIRED_MESSAGE, SPOUSE_AGE_MESSAGE, SPOUSE_NAME_MESSAGE, dependantsRequestSchema } from '@tca/contracts';
import { checkDependants, childRowMessage, dependantsFailure, emptyDependants, parseAge, type DependantsFormValues } from './dependants.js';

const family = { userId: 'REQ-1', membershipType: 'Gold-Family' };

function form(change: (values: DependantsFormValues) => void): DependantsFormValues {
  const values = emptyDependants();
  change(values);
  return values;
}

test('three empty child rows and no spouse to start with', () => {
  const values = emptyDependants();
  assert.equal(values.children.length, 3);
  assert.deepEqual(values.spouse, { name: '', age: '' });
});

test('a family level needs at least one valid child under 18', () => {
  const result = checkDependants(emptyDependants(), family);
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.messages, [CHILD_REQUIRED_MESSAGE]);
  const adultOnly = checkDependants(form((v) => (v.children[0] = { name: 'Arun', age: '19' })), family);
  assert.equal(!adultOnly.ok && adultOnly.errors.form, CHILD_REQUIRED_MESSAGE);
  assert.equal(!adultOnly.ok && adultOnly.errors.children[0], childRowMessage(0));
});

test('a valid family passes the server schema; blank rows are left out and names tidied', () => {
  const values = form((v) => {
    v.spouse = { name: ' Kavitha  Raman ', age: '38' };
    v.children[1] = { name: 'Nila', age: '0' };
    v.children[2] = { name: 'Arun', age: '18' };
  });
  const result = checkDependants(values, family);
  assert.equal(result.ok, true);
  if (!result.ok) return;
  assert.deepEqual(result.request, {
    userId: 'REQ-1',
    membershipType: 'Gold-Family',
    spouse: { name: 'Kavitha Raman', age: 38 },
    children: [{ name: 'Nila', age: 0 }, { name: 'Arun', age: 18 }],
  });
  assert.equal(dependantsRequestSchema.safeParse(result.request).success, true);
});

test('the spouse is optional; any spouse field filled brings both spouse rules', () => {
  const child = (v: DependantsFormValues) => (v.children[0] = { name: 'நிலா', age: '7' });
  assert.equal(checkDependants(form(child), family).ok, true);
  const ageOnly = checkDependants(form((v) => { child(v); v.spouse.age = '40'; }), family);
  assert.deepEqual(!ageOnly.ok && ageOnly.messages, [SPOUSE_NAME_MESSAGE]);
  const bad = checkDependants(form((v) => { child(v); v.spouse = { name: 'K9', age: '121' }; }), family);
  assert.deepEqual(!bad.ok && bad.messages, [SPOUSE_NAME_MESSAGE, SPOUSE_AGE_MESSAGE]);
  const fraction = checkDependants(form((v) => { child(v); v.spouse = { name: 'Kavitha', age: '40.5' }; }), family);
  assert.deepEqual(!fraction.ok && fraction.errors.spouseAge, SPOUSE_AGE_MESSAGE);
  const single = checkDependants(form((v) => (v.spouse = { name: 'A', age: '' })), family);
  assert.equal(!single.ok && single.errors.spouseName, SPOUSE_NAME_MESSAGE);
});

test('a level without children rules needs no child', () => {
  const result = checkDependants(emptyDependants(), { userId: 'R', membershipType: 'Gold-Single' });
  assert.deepEqual(result.ok && result.request.children, []);
});

test('ages are whole numbers in digits', () => {
  assert.equal(parseAge(' 12 '), 12);
  assert.equal(parseAge('-1'), null);
  assert.equal(parseAge('1e1'), null);
  assert.equal(parseAge(''), null);
});

test('§8 Dependants: the server message, else the fallback; no answer: the unexpected error', () => {
  const http = (status: number, error: { error: string; message: string; fields?: Record<string, string> } | null) =>
    ({ kind: 'http', status, statusText: '', error, retryAfter: null }) as const;
  assert.deepEqual(dependantsFailure(http(400, { error: 'validation_failed', message: 'Child 1 is too old.' })), { kind: 'message', text: 'Child 1 is too old.' });
  assert.deepEqual(dependantsFailure(http(500, null)), { kind: 'message', text: 'Failed to submit dependents details' });
  assert.deepEqual(dependantsFailure({ kind: 'network', message: 'offline' }), { kind: 'message', text: 'An unexpected error occurred' });
  assert.deepEqual(dependantsFailure(http(401, { error: 'session_expired', message: '' })), { kind: 'session-ended' });
});
