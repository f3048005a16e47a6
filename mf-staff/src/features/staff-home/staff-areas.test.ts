import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areasFor, STAFF_AREAS } from './staff-areas.js';

const titles = (areas: ReturnType<typeof areasFor>) => areas.map((area) => area.title);

test('an editor gets the five content areas; a membership officer the members desk; an owner every area (the audit log only theirs); every role the queues', () => {
  assert.deepEqual(titles(areasFor(['editor'])), ['Blog posts', 'Events', 'Gallery', 'Team', 'Sponsors', 'Queues']);
  assert.deepEqual(titles(areasFor(['owner'])), STAFF_AREAS.map((area) => area.title));
  assert.ok(titles(areasFor(['owner'])).includes('Audit log'));
  assert.deepEqual(titles(areasFor(['membership_officer'])), ['Members desk', 'Announcements', 'Queues']);
  assert.deepEqual(titles(areasFor(['support'])), ['Support tickets', 'Contact messages', 'Queues']);
  assert.deepEqual(titles(areasFor(['support', 'editor'])), ['Blog posts', 'Events', 'Gallery', 'Team', 'Sponsors', 'Support tickets', 'Contact messages', 'Queues']);
});

test('only areas whose page is in the route table are open (linked)', () => {
  const people = areasFor(['owner']).find((area) => area.path === '/staff/people');
  assert.equal(people?.open, true);
  const posts = areasFor(['editor']).find((area) => area.path === '/staff/posts');
  assert.equal(posts?.open, true);
  assert.equal(areasFor(['membership_officer'])[0]?.open, true);
  assert.equal(areasFor(['editor']).find((area) => area.path === '/staff/events')?.open, true);
  assert.equal(areasFor(['owner']).find((area) => area.path === '/staff/audit')?.open, true);
  assert.equal(areasFor(['support']).find((area) => area.path === '/staff/queues')?.open, true);
  assert.deepEqual(areasFor(['support']).map((area) => area.open), [true, true, true]);
  const made = areasFor(['editor'], [{ path: '/staff/nowhere', title: 'Nowhere', description: '', roles: ['editor'] }]);
  assert.deepEqual(made.map((area) => area.open), [false]);
});
