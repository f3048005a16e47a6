import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manifestEntry, parseRemoteRegistry, REMOTE_NAMES, REMOTE_PAGES, remoteForPage } from './remotes.js';
import { pageForPath, paths, type PageId } from './site-paths.js';
import { STAFF_ACCEPT_INVITATION_PATH } from './staff.js';

test('every page of the route table is owned by exactly one remote', () => {
  const owned = REMOTE_NAMES.flatMap((remote) => [...REMOTE_PAGES[remote]]);
  assert.deepEqual([...owned].sort(), Object.keys(paths).sort());
  assert.equal(new Set(owned).size, owned.length);
  assert.equal(remoteForPage('profile'), 'account');
  assert.equal(remoteForPage('terms'), 'content');
  assert.equal(remoteForPage('payment'), 'membership');
  assert.equal(remoteForPage('staffPeople'), 'staff');
});

test('the spec route table has its 22 paths, including the odd ones, one event\'s own page, and the staff area its own', () => {
  const all = Object.values(paths);
  const staff = all.filter((path) => path.startsWith('/staff'));
  // The spec's 22, and /event/:id (issue 17: an event link that previews).
  assert.equal(all.length - staff.length, 23);
  assert.equal(pageForPath('/event/abc123'), 'event');
  assert.deepEqual(staff, [
    '/staff',
    '/staff/people',
    '/staff/posts',
    '/staff/posts/new',
    '/staff/posts/:key',
    '/staff/events',
    '/staff/events/new',
    '/staff/events/:key',
    '/staff/gallery',
    '/staff/gallery/new',
    '/staff/gallery/:key',
    '/staff/team',
    '/staff/sponsors',
    '/staff/members',
    '/staff/members/:userId',
    '/staff/announcements',
    '/staff/announcements/:id',
    '/staff/audit',
    '/staff/queues',
    '/staff/support',
    '/staff/support/:reference',
    '/staff/contact',
    '/staff/orders',
    '/staff/orders/:reference',
    '/staff/revenue',
    `${STAFF_ACCEPT_INVITATION_PATH}:token`,
  ]);
  // /staff/posts/new is the new post's page, not a post with the key "new".
  assert.equal(pageForPath('/staff/posts/new'), 'staffPostNew');
  assert.equal(pageForPath('/staff/posts/pongal-2026'), 'staffPost');
  assert.equal(pageForPath('/staff/events/new'), 'staffEventNew');
  assert.equal(pageForPath('/staff/events/pongal-2030'), 'staffEvent');
  assert.equal(pageForPath('/staff/gallery/new'), 'staffAlbumNew');
  assert.equal(pageForPath('/staff/gallery/pongal-2027'), 'staffAlbum');
  assert.equal(pageForPath('/staff/members'), 'staffMembers');
  assert.equal(pageForPath('/staff/members/42'), 'staffMember');
  assert.equal(pageForPath('/staff/announcements'), 'staffAnnouncements');
  assert.equal(pageForPath('/staff/announcements/7'), 'staffAnnouncement');
  for (const path of ['/terms&conditions', '/privacy&policy', '/reset-password/:token', '/blog/:id', '/raiseticket']) {
    assert.ok(all.includes(path as (typeof paths)[PageId]), path);
  }
});

test('the registry fills in loader defaults and drops unknown keys', () => {
  const parsed = parseRemoteRegistry({ remotes: { content: '/a', membership: '/b', account: '/c', staff: '/s', other: '/d' }, extra: 1 });
  assert.deepEqual(parsed, { remotes: { content: '/a', membership: '/b', account: '/c', staff: '/s' }, loader: { timeoutMs: 8000, retries: 2, backoffMs: 300 } });
  assert.deepEqual(parseRemoteRegistry({ ...parsed, loader: { retries: 0 } }).loader, { timeoutMs: 8000, retries: 0, backoffMs: 300 });
});

test('a registry with a missing or empty remote, or loader settings out of range, is refused with the reason', () => {
  const remotes = { content: '/a', membership: '/b', account: '/c', staff: '/s' };
  const cases: Array<[unknown, RegExp]> = [
    [null, /must be an object/],
    [{ remotes: { content: '/a', membership: '/b' } }, /remotes\.account/],
    [{ remotes: { content: '/a', membership: '/b', account: '/c' } }, /remotes\.staff/],
    [{ remotes: { ...remotes, content: '' } }, /remotes\.content/],
    [{ remotes: { ...remotes, membership: 42 } }, /remotes\.membership/],
    [{ remotes, loader: [] }, /loader must be an object/],
    [{ remotes, loader: { timeoutMs: -1 } }, /loader\.timeoutMs/],
    [{ remotes, loader: { timeoutMs: 0 } }, /loader\.timeoutMs/],
    [{ remotes, loader: { retries: 6 } }, /loader\.retries/],
    [{ remotes, loader: { retries: 1.5 } }, /loader\.retries/],
    [{ remotes, loader: { backoffMs: '300' } }, /loader\.backoffMs/],
  ];
  for (const [value, reason] of cases) assert.throws(() => parseRemoteRegistry(value), reason, JSON.stringify(value));
});

test("a manifest's entry: its file under the entry's folder, 'auto' as no base, an absolute base kept", () => {
  const meta = (extra: Record<string, unknown>) => ({ metaData: { globalName: 'mf_content', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, ...extra } });
  assert.deepEqual(manifestEntry(meta({})), { file: 'remoteEntry.js', publicPath: undefined, globalName: 'mf_content', type: 'global' });
  assert.equal(manifestEntry(meta({ remoteEntry: { name: 'remoteEntry.js', path: '/js/' } }))?.file, 'js/remoteEntry.js');
  assert.equal(manifestEntry(meta({ publicPath: 'https://cdn.example/content/' }))?.publicPath, 'https://cdn.example/content/');
  for (const manifest of [null, [], 'x', {}, { metaData: [] }, { metaData: {} }, { metaData: { remoteEntry: { name: '' } } }, { metaData: { remoteEntry: { name: 7 } } }]) {
    assert.equal(manifestEntry(manifest), undefined);
  }
});
