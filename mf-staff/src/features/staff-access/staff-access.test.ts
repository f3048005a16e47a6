import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STAFF_SECOND_FACTOR_REQUIRED_MESSAGE, type StaffMeAnswer } from '@tca/contracts';
import { httpFailure } from '@tca/ui/testing/api-doubles';
import { staffAccessOf } from './staff-access.js';

const me: StaffMeAnswer = { user: { id: '3', email: 'owner@example.org', firstName: 'Kavya', lastName: 'Siva' }, roles: ['owner'], twoFactorEnrolled: true };

test('a staff answer opens the area; one it cannot read is a failure, not an open door', () => {
  assert.deepEqual(staffAccessOf({ kind: 'ok', status: 200, answer: me, body: me }), { kind: 'staff', me });
  assert.equal(staffAccessOf({ kind: 'ok', status: 200, answer: null, body: { roles: [] } }).kind, 'failed');
});

test('403 is "not staff", unless it asks for the second factor; 401 ends the browser session', () => {
  assert.deepEqual(staffAccessOf(httpFailure(403, 'Forbidden', { error: 'not_staff', message: 'You do not have the staff role this needs.' })), { kind: 'not-staff' });
  assert.deepEqual(staffAccessOf(httpFailure(403, 'Forbidden', null)), { kind: 'not-staff' });
  assert.deepEqual(staffAccessOf(httpFailure(403, 'Forbidden', { error: 'second_factor_required', message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE })), {
    kind: 'second-factor',
    message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
  });
  assert.deepEqual(staffAccessOf(httpFailure(401, 'Unauthorized', { error: 'session_expired', message: 'Your session has ended.' })), { kind: 'rejected' });
});

test('anything else is a failure with its reason (Try again)', () => {
  assert.deepEqual(staffAccessOf(httpFailure(503, 'Service Unavailable', { error: 'service_unavailable', message: 'The service is starting.' })), { kind: 'failed', detail: 'The service is starting.' });
  assert.equal(staffAccessOf({ kind: 'network', message: 'offline' }).kind, 'failed');
});
