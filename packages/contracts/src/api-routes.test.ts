import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ROUTES, SERVICES, serviceForPath } from './api-routes.js';
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

test('the paths beyond §7 go to their owners; the more specific prefix wins', () => {
  const expected: Array<[string, string]> = [
    ['/blog/latest', 'content'],
    ['/events/calendar.ics', 'content'],
    ['/events/fair%202026.ics', 'content'],
    ['/email/mine', 'content'],
    ['/supportdesk/mine', 'content'],
    // Documents are kept with the checkout order (payments), although /membership/ is identity's.
    ['/membership/documents', 'payments'],
    ['/membership/documents/doc_1', 'payments'],
    ['/membership/renew', 'identity'],
    ['/checkout-session/cs_test_1/abandon', 'payments'],
    ['/stripe/webhook', 'payments'],
    ['/webhooks/stripe', 'payments'],
    ['/auth/session', 'identity'],
    ['/auth/logout-all', 'identity'],
  ];
  for (const [path, service] of expected) assert.equal(serviceForPath(path), service, path);
});

test('exact paths match only themselves; internal and health paths are never forwarded', () => {
  for (const path of ['/email/send/x', '/supportdesk/add2', '/create-checkout-session/x', '/membership', '/admin', '/admin/', '/admin/queues', '/internal/memberships', '/healthz', '/readyz', '/stripe/webhook/x']) {
    assert.equal(serviceForPath(path), undefined, path);
  }
  for (const route of API_ROUTES) assert.ok(SERVICES.includes(route.service), route.path);
});
