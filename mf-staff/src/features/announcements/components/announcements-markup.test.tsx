import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AnnouncementSummary } from '@tca/contracts';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { AnnouncementRows } = await import('./announcements-panel.js');
const { AnnouncementCompose } = await import('./announcement-compose.js');
const { SegmentPicker } = await import('./segment-picker.js');
const { emptyCompose } = await import('../announcement-form.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/announcements']}>{node}</MemoryRouter>);

const sent: AnnouncementSummary = {
  id: '7',
  subject: 'Pongal 2027',
  segment: { kind: 'level', level: 'Gold-Single' },
  state: 'sending',
  createdBy: 'officer@example.org',
  createdAt: '2026-11-27T22:00:00.000Z',
  sentBy: 'officer@example.org',
  sentAt: '2026-11-27T22:05:00.000Z',
  recipients: 120,
  queued: 20,
  delivered: 99,
  failed: 1,
  skipped: 0,
};

test('the list: each announcement linked, its segment, counts and status; a draft says not sent; no table', () => {
  const html = render(<AnnouncementRows announcements={[sent, { ...sent, id: '8', subject: 'AGM', state: 'draft', sentAt: null, sentBy: null, recipients: 0, delivered: 0, failed: 0, queued: 0 }]} />);
  assert.match(html, /<a href="\/staff\/announcements\/7"[^>]*>Pongal 2027<\/a>/);
  assert.match(html, /Active Gold-Single members/);
  assert.match(html, /120: 99 delivered, 1 failed, 20 queued/);
  assert.match(html, />Sending</);
  assert.match(html, /Not sent yet/);
  assert.match(html, /<h2[^>]*>2 announcements<\/h2>/);
  assert.doesNotMatch(html, /<table/);
  assert.match(render(<AnnouncementRows announcements={[]} />), /no announcements yet/);
});

test('the segment picker: a fieldset with a legend, labelled radios, the level select only for "one level", the count in a status region', () => {
  const all = render(<SegmentPicker draft={emptyCompose()} error={undefined} recipients="12 members will receive it." onChange={() => undefined} />);
  assert.match(all, /<fieldset[^>]*aria-describedby="[^"]+-count"[^>]*><legend>Who receives it<\/legend>/);
  assert.equal((all.match(/type="radio"/g) ?? []).length, 3);
  for (const label of ['All Active members', 'Active members of one level', 'Members whose membership ends within some days']) assert.match(all, new RegExp(`<label for="[^"]+">${label}</label>`));
  assert.doesNotMatch(all, /<select/);
  assert.match(all, /role="status"[^>]*>12 members will receive it.<\/p>/);
  const level = render(<SegmentPicker draft={{ ...emptyCompose(), kind: 'level' }} error={undefined} recipients="" onChange={() => undefined} />);
  const ids = [...level.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, `every id once: ${ids.join(' ')}`);
  assert.match(level, /<label for="([^"]+)-level-select">Level<\/label><select id="\1-level-select"/);
  const days = render(<SegmentPicker draft={{ ...emptyCompose(), kind: 'ending-within', days: '0' }} error="Days must be a whole number from 1 to 366" recipients="" onChange={() => undefined} />);
  assert.match(days, /<input id="[^"]+-days-input"[^>]*type="number"/);
  assert.match(days, /aria-invalid="true"/);
  assert.match(days, /Days must be a whole number from 1 to 366/);
});

test('the compose form: labelled required subject and message, the preview area, Review and send and Save as draft', () => {
  const html = render(<AnnouncementCompose onSaved={() => undefined} />);
  assert.match(html, /<h2[^>]*>New announcement<\/h2>/);
  assert.match(html, /<label for="[^"]+"[^>]*>Subject<span[^>]*> \*<\/span><\/label><input[^>]*required=""/);
  assert.match(html, /<label for="[^"]+"[^>]*>Message \(Markdown\)/);
  assert.match(html, /<textarea/);
  assert.match(html, /The message as the e-mail shows it appears here./);
  assert.match(html, /<button type="submit"[^>]*>Review and send<\/button>/);
  assert.match(html, /<button type="button"[^>]*>Save as draft<\/button>/);
});
