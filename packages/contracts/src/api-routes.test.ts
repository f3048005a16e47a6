import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serviceForPath } from './api-routes.js';
import { paths } from './site-paths.js';

test('every API path of spec §7 goes to the service that owns it', () => {
  const expected: Array<[string, string]> = [
    ['/auth/login', 'identity'],
    ['/auth/register', 'identity'],
    ['/auth/send-reset-email', 'identity'],
    ['/auth/reset-password', 'identity'],
    ['/auth/change-password', 'identity'],
    ['/blog/get', 'content'],
    ['/blog/latest', 'content'],
    ['/gallery/get', 'content'],
    ['/teammanagement/get', 'content'],
    ['/events/get', 'content'],
    ['/sponsorship/get', 'content'],
    ['/uploads/Sponsor%20Logo.png', 'content'],
    ['/email/send', 'content'],
    ['/supportdesk/add', 'content'],
    ['/membership/get', 'identity'],
    ['/membership/add', 'identity'],
    ['/membership/add-dependents', 'identity'],
    ['/create-checkout-session', 'payments'],
    ['/checkout-session/cs_test_123', 'payments'],
  ];
  for (const [path, service] of expected) assert.equal(serviceForPath(path), service, path);
});

test('page paths are never API paths, so deep links reach the shell', () => {
  for (const path of Object.values(paths)) {
    assert.equal(serviceForPath(path.replace(':id', '12').replace(':token', 'abc')), undefined, path);
  }
  assert.equal(serviceForPath('/blog'), undefined);
  assert.equal(serviceForPath('/blog/getter'), undefined);
  assert.equal(serviceForPath('/authors'), undefined);
});
