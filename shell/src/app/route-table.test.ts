import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES } from '@tca/contracts';
import { ROUTES } from './route-table.js';

test('every route is mapped to the remote that owns its page', () => {
  assert.equal(ROUTES.length, Object.values(REMOTE_PAGES).flat().length, 'one route per page of the remotes');
  for (const route of ROUTES) {
    assert.ok((REMOTE_PAGES[route.remote] as readonly string[]).includes(route.page), route.path);
  }
  const byPath = Object.fromEntries(ROUTES.map((route) => [route.path, route.remote]));
  assert.equal(byPath['/'], 'content');
  assert.equal(byPath['/success'], 'membership');
  assert.equal(byPath['/reset-password/:token'], 'account');
  assert.equal(byPath['/staff'], 'staff');
  assert.equal(byPath['/staff/people'], 'staff');
  assert.equal(byPath['/staff/accept-invitation/:token'], 'staff');
  for (const path of ['/staff/posts', '/staff/posts/new', '/staff/posts/:key', '/staff/events', '/staff/events/new', '/staff/events/:key', '/staff/gallery', '/staff/gallery/new', '/staff/gallery/:key', '/staff/team', '/staff/sponsors', '/staff/members', '/staff/announcements', '/staff/announcements/:id']) assert.equal(byPath[path], 'staff');
});

test('only /profile skips the one-second loader', () => {
  assert.deepEqual(ROUTES.filter((route) => !route.showLoader).map((route) => route.path), ['/profile']);
});
