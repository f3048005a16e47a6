import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { SPONSOR_LOGO_FIELD, TEAM_MESSAGES, TEAM_NAME_MAX, type StaffSponsor, type StaffTeamMember } from '@tca/contracts';
import { answering, jsonResponse, type FetchCall } from '@tca/ui/testing/api-doubles';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';
import { createItem, deleteItem, listItems, saveOrder, updateItem, uploadPicture } from './api/ordered-api.js';
import { ALT_REQUIRED_MESSAGE, changedText, checkDraft, moved } from './item-form.js';
import { SPONSOR_KIND, TEAM_KIND } from './list-kinds.js';

prepareBrowserlessPages();
// The components import CSS modules: loaded once the browserless setup can read them.
const { indexAt, OrderingList } = await import('../../shared/ordering-list.js');
const { ItemRow } = await import('./components/ordered-items-panel.js');

const member: StaffTeamMember = {
  key: 'meena',
  name: 'Meena Raman',
  designation: 'Youth Coordinator',
  description: 'Runs the youth group.',
  imageAlt: '',
  photo: null,
  version: 2,
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const sponsor: StaffSponsor = {
  key: 'lotus',
  name: 'Lotus Dental',
  link: 'https://example.com/lotus',
  imageAlt: 'Lotus Dental logo',
  logo: { url: '/uploads/l.webp', file: 'l.webp', alt: 'Lotus Dental logo', width: 600, height: 300 },
  version: 3,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

test('the calls: paths, methods, version, the token and the answers mapped to items', async () => {
  const calls: FetchCall[] = [];
  const list = await listItems(TEAM_KIND, 'tok', undefined, answering(() => jsonResponse(200, { members: [member] }), calls));
  assert.equal(list.kind === 'ok' && list.answer?.items[0]?.key, 'meena');
  const made = await createItem(SPONSOR_KIND, 'tok', { name: 'Lotus Dental' }, answering(() => jsonResponse(201, { sponsor, message: 'Sponsor added.' }), calls));
  assert.equal(made.kind === 'ok' && made.answer?.item.key, 'lotus');
  const order = await saveOrder(TEAM_KIND, 'tok', ['b', 'a'], answering(() => jsonResponse(200, { members: [member] }), calls));
  assert.equal(order.result.kind, 'ok');
  await deleteItem(SPONSOR_KIND, 'tok', 'a b', 3, answering(() => jsonResponse(200, { message: 'Sponsor removed.', key: 'a b' }), calls));
  assert.deepEqual(
    calls.map((call) => `${call.init.method} ${call.input}`),
    ['GET /staff-api/content/team', 'POST /staff-api/content/sponsors', 'PUT /staff-api/content/team/order', 'DELETE /staff-api/content/sponsors/a%20b?version=3'],
  );
  assert.deepEqual(JSON.parse(String(calls[2]?.init.body)), { keys: ['b', 'a'] });
  assert.equal((calls[1]?.init.headers as Record<string, string>).Authorization, 'Bearer tok');
});

test('a 409 brings the item as it is and what changed; a stale order brings the list as it is', async () => {
  const current = { ...member, designation: 'Secretary', version: 3 };
  const stale = await updateItem(TEAM_KIND, 'tok', 'meena', { name: 'Meena Raman', version: 2 }, answering(() => jsonResponse(409, { error: 'stale', message: TEAM_MESSAGES.stale, current, changed: ['designation'] })));
  assert.equal(stale.result.kind === 'http' && stale.result.status, 409);
  assert.equal(stale.conflict?.current.designation, 'Secretary');
  assert.deepEqual(stale.conflict?.changed, ['designation']);
  const order = await saveOrder(TEAM_KIND, 'tok', ['x'], answering(() => jsonResponse(409, { error: 'stale', message: TEAM_MESSAGES.orderStale, members: [current] })));
  assert.deepEqual(order.conflict?.items.map((item) => item.version), [3]);
  const other = await updateItem(TEAM_KIND, 'tok', 'meena', { name: '', version: 2 }, answering(() => jsonResponse(400, { error: 'validation_failed', message: 'x', fields: { name: 'Name is required' } })));
  assert.equal(other.conflict, null);
});

test('the picture goes as multipart in the list\'s field with the version', async () => {
  const calls: FetchCall[] = [];
  const sent = await uploadPicture(SPONSOR_KIND, 'tok', 'lotus', 3, new Blob([new Uint8Array([1, 2])], { type: 'image/png' }), 'logo.png', answering(() => jsonResponse(200, { sponsor }), calls));
  assert.equal(sent.result.kind === 'ok' && sent.result.answer?.item.logo?.file, 'l.webp');
  assert.equal(calls[0]?.input, '/staff-api/content/sponsors/lotus/logo?version=3');
  const form = calls[0]?.init.body;
  assert.ok(form instanceof FormData);
  assert.ok(form.get(SPONSOR_LOGO_FIELD) instanceof File);
});

test('the form: the contracts\' rules, alt text with a picture, a sponsor link or none', () => {
  assert.deepEqual(checkDraft(TEAM_KIND, TEAM_KIND.draftOf(member), false), {});
  assert.deepEqual(checkDraft(TEAM_KIND, TEAM_KIND.draftOf(member), true), { imageAlt: ALT_REQUIRED_MESSAGE });
  assert.deepEqual(Object.keys(checkDraft(TEAM_KIND, { ...TEAM_KIND.draftOf(null), name: 'x'.repeat(TEAM_NAME_MAX + 1) }, false)), ['name']);
  assert.match(checkDraft(SPONSOR_KIND, { name: 'A', link: 'javascript:alert(1)', imageAlt: '' }, false).link ?? '', /Link must be a web address/);
  assert.equal(SPONSOR_KIND.requestOf({ name: 'A', link: '  ', imageAlt: '' }).link, null);
  assert.equal(SPONSOR_KIND.requestOf(SPONSOR_KIND.draftOf(sponsor)).link, 'https://example.com/lotus');
  assert.equal(changedText(TEAM_KIND, ['name', 'designation', 'imageAlt']), 'name, role and photo alt text');
});

test('moving: one item to its new place; the drop place from the pointer height', () => {
  assert.deepEqual(moved(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  assert.deepEqual(moved(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  assert.deepEqual(moved(['a', 'b', 'c'], 0, 9), ['b', 'c', 'a']);
  assert.deepEqual(moved(['a', 'b'], 5, 0), ['a', 'b']);
  const boxes = [
    { top: 0, bottom: 100 },
    { top: 100, bottom: 200 },
    { top: 200, bottom: 300 },
  ];
  assert.equal(indexAt(-20, boxes), 0);
  assert.equal(indexAt(140, boxes), 1);
  assert.equal(indexAt(160, boxes), 2);
  assert.equal(indexAt(900, boxes), 2);
});

test('the ordering list: an ordered list, Move buttons named after their text and the item, the ends disabled', () => {
  const html = renderToStaticMarkup(
    <OrderingList items={[member, { ...member, key: 'arun', name: 'Arun' }]} keyOf={(m) => m.key} nameOf={(m) => m.name} label="Team members in display order" onMove={() => undefined} renderItem={(m) => <span>{m.name}</span>} />,
  );
  assert.match(html, /<ol[^>]*aria-label="Team members in display order"/);
  assert.match(html, /<button type="button"[^>]*aria-label="Move up: Meena Raman" disabled="">Move up<\/button>/);
  assert.match(html, /aria-label="Move down: Meena Raman">Move down<\/button>/);
  assert.match(html, /aria-label="Move down: Arun" disabled="">/);
  assert.match(html, /role="status"/);
});

test('a row shows the picture with its alt text, or says there is none', () => {
  const withLogo = renderToStaticMarkup(<ItemRow kind={SPONSOR_KIND} item={sponsor} onEdit={() => undefined} onRemove={() => undefined} />);
  assert.match(withLogo, /<img[^>]*src="\/uploads\/l.webp"[^>]*alt="Lotus Dental logo"/);
  assert.match(withLogo, /https:\/\/example.com\/lotus/);
  assert.match(withLogo, /aria-label="Remove Lotus Dental"/);
  const without = renderToStaticMarkup(<ItemRow kind={TEAM_KIND} item={member} onEdit={() => undefined} onRemove={() => undefined} />);
  assert.match(without, /No photo/);
  assert.match(without, /Youth Coordinator/);
});
