import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AnnouncementSummary } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { AnnouncementRows } = await import('./announcements-panel.js');
const { AnnouncementCompose } = await import('./announcement-compose.js');
const { SegmentPicker } = await import('./segment-picker.js');
const { checkCompose, emptyCompose, segmentText, sendDescription } = await import('../announcement-form.js');
const { recipientsText } = await import('../use-recipient-count.js');
const { knownText } = await import('../../../shared/known-text.js');
const { announcementsCatalog } = await import('../messages.js');
const { englishWords } = await import('../../../shared/english-words.js');

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

/** A sent one, every e-mail settled (the Tamil test). */
const delivered: AnnouncementSummary = { ...sent, state: 'sent', queued: 0, delivered: 119, skipped: 2 };

test('the announcements in Tamil: the list, the compose form, the segment picker; subjects marked English', async () => {
  await setLang('ta', { remember: false });
  try {
    const rows = render(<AnnouncementRows announcements={[delivered]} />);
    assert.match(rows, /<h2[^>]*>1 அறிவிப்பு<\/h2>/);
    assert.match(rows, /<a lang="en" href="\/staff\/announcements\/7"[^>]*>Pongal 2027<\/a>/);
    assert.match(rows, /செயலில் உள்ள தங்கம்-தனிநபர் உறுப்பினர்கள்/);
    assert.match(rows, /120: 119 சென்றடைந்தன, 1 தோல்வி, 0 வரிசையில், 2 பேர்/);
    assert.deepEqual(englishWords(rows), []);
    assert.match(render(<AnnouncementRows announcements={[]} />), /இன்னும் அறிவிப்புகள் எதுவும் இல்லை/);
    const compose = render(<AnnouncementCompose onSaved={() => undefined} />);
    assert.match(compose, /புதிய அறிவிப்பு/);
    assert.deepEqual(englishWords(compose, ['Markdown', 'https']), []);
    const levels = render(<SegmentPicker draft={{ ...emptyCompose(), kind: 'level' }} error={undefined} recipients={recipientsText(12, '')} onChange={() => undefined} />);
    assert.match(levels, /<option value="Gold-Family">தங்கம்-குடும்பம்<\/option>/);
    assert.match(levels, /12 உறுப்பினர்கள் இதைப் பெறுவர்\./);
    assert.deepEqual(englishWords(levels), []);
    assert.equal(segmentText({ kind: 'ending-within', days: 1 }), '1 நாளுக்குள் முடிவடையும் உறுப்புரிமைகள்');
    assert.match(sendDescription(null, { kind: 'all-active' }), /இந்தப் பிரிவின் உறுப்பினர்கள்/);
    const empty = checkCompose(emptyCompose());
    assert.ok(!empty.ok && knownText(empty.errors.subject ?? '', announcementsCatalog) === 'தலைப்பு தேவை');
    const days = checkCompose({ ...emptyCompose(), subject: 'a', body: 'b', kind: 'ending-within', days: '0' });
    assert.ok(!days.ok && /366/.test(days.errors.segment ?? '') && /முழு எண்/.test(days.errors.segment ?? ''));
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(segmentText({ kind: 'ending-within', days: 1 }), 'Memberships ending within 1 day');
  assert.equal(sendDescription(1, { kind: 'level', level: 'Gold-Single' }), 'Active Gold-Single members: 1 member will receive it, each once. This cannot be undone.');
  assert.equal(sendDescription(null, { kind: 'all-active' }), 'All Active members: the members of this segment will receive it, each once. This cannot be undone.');
  assert.equal(recipientsText(3, ''), '3 members will receive it.');
});
