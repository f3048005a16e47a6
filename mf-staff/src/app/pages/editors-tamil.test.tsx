import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffAlbum, StaffEvent, StaffPost, StaffSponsor, StaffTeamMember } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { englishWords } = await import('../../shared/english-words.js');
const { PostEditor } = await import('../../features/posts/components/post-editor.js');
const { PostRows } = await import('../../features/posts/components/posts-list.js');
const { EventEditor } = await import('../../features/events/components/event-editor.js');
const { EventRows } = await import('../../features/events/components/events-list.js');
const { AlbumEditor } = await import('../../features/gallery/components/album-editor.js');
const { ItemRow } = await import('../../features/team-sponsors/components/ordered-items-panel.js');
const { SPONSOR_KIND, TEAM_KIND } = await import('../../features/team-sponsors/list-kinds.js');
const { fieldMessage } = await import('../../shared/lists/field-message.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff']}>{node}</MemoryRouter>);
const at = '2026-11-27T10:00:00.000Z';
const post: StaffPost = { key: 'pongal', title: 'Pongal at the park', date: '2026-01-15', body: '# Hello', status: 'published', publishAt: null, updatedAt: at, version: 2, cover: null, coverAlt: '', ta: { title: 'பூங்காவில் பொங்கல்', body: '# வணக்கம்' } };
const event: StaffEvent = { key: 'deepavali', name: 'Deepavali', description: 'Lights', date: '2030-11-01', endDate: null, time: '18:30', location: 'Town Hall', eventLink: null, status: 'Active', updatedAt: at, version: 1, imageCount: 0, images: [], ta: { name: 'தீபாவளி' } };
const album: StaffAlbum = { key: 'pongal-2027', name: 'Pongal 2027', date: '2027-01-15', photoCount: 0, thumbUrl: null, updatedAt: at, version: 1, photos: [], ta: {} };
const member: StaffTeamMember = { key: 'meena', name: 'Meena Raman', designation: 'Youth Coordinator', description: '', imageAlt: '', photo: null, version: 1, updatedAt: at, ta: { name: 'மீனா ராமன்' } };
const sponsor: StaffSponsor = { key: 'lotus', name: 'Lotus Dental', link: null, imageAlt: '', logo: null, version: 1, updatedAt: at, ta: {} };
const noop = () => undefined;
// Brands, file kinds and Markdown that stay as written in the Tamil texts.
const ALLOWED = ['Markdown', 'JPEG', 'PNG', 'WebP', 'SVG', 'https', 'bold', 'italic', 'links', 'events', 'YYYY', 'MM', 'DD'];

test('the editors put each Tamil field beside its English one, lang="ta", optional and with the English limit', () => {
  const html = render(<PostEditor post={post} />);
  // Labelled in Tamil on every page, so the English field's name stays its own ("Title" names one field).
  assert.match(html, /<label[^>]*>தலைப்பு \(Tamil\)<\/label>/);
  assert.doesNotMatch(html, /<label[^>]*>[^<]*Title[^<]*\(Tamil\)/);
  assert.match(html, /<input[^>]*lang="ta"[^>]*maxLength="200"[^>]*value="பூங்காவில் பொங்கல்"/);
  assert.match(html, /<textarea[^>]*lang="ta"[^>]*>\n?# வணக்கம்<\/textarea>/);
  assert.match(html, /Preview \(Tamil\)/);
  assert.ok(html.indexOf('தலைப்பு (Tamil)') < html.indexOf('>Date<'), 'the Tamil title comes right after the English one');
  const eventHtml = render(<EventEditor event={event} />);
  for (const label of ['பெயர் (Tamil)', 'இடம் (Tamil)', 'விவரம் (Tamil)']) assert.match(eventHtml, new RegExp(`>${label.replace(/[()]/g, '\\$&')}</label>`));
  assert.match(eventHtml, /value="தீபாவளி"/);
  assert.match(render(<AlbumEditor album={album} />), />பெயர் \(Tamil\)<\/label>/);
});

test('the lists and editors in Tamil: no English left outside lang="en" content, Tamil names shown when written', async () => {
  await setLang('ta', { remember: false });
  try {
    const rows = render(<PostRows posts={[post, { ...post, key: 'other', title: 'Only English', ta: {} }]} timeZone="Australia/Adelaide" />);
    assert.match(rows, /2 இடுகைகள்/);
    assert.match(rows, />பூங்காவில் பொங்கல்</);
    assert.match(rows, /<a[^>]*lang="en"[^>]*>Only English<\/a>/, 'an English title on a Tamil page is marked');
    assert.deepEqual(englishWords(rows, ALLOWED), []);
    const editor = render(<PostEditor post={post} />);
    assert.match(editor, /தலைப்பு \(தமிழில்\)/);
    assert.deepEqual(englishWords(editor.replace(/<textarea[^>]*>.*?<\/textarea>|value="[^"]*"/gs, ''), ALLOWED), []);
    const events = render(<EventRows events={[event]} />);
    assert.match(events, /1 நிகழ்வு/);
    assert.match(events, />தீபாவளி</);
    assert.deepEqual(englishWords(events, ALLOWED), []);
    const eventEditor = render(<EventEditor event={null} />);
    assert.match(eventEditor, /புதிய நிகழ்வு/);
    assert.deepEqual(englishWords(eventEditor, ALLOWED), []);
    assert.deepEqual(englishWords(render(<AlbumEditor album={null} />), ALLOWED), []);
    const team = render(<ItemRow kind={TEAM_KIND} item={member} onEdit={noop} onRemove={noop} />);
    assert.match(team, /மீனா ராமன்/);
    assert.match(team, /<span[^>]*lang="en"[^>]*>Youth Coordinator<\/span>/);
    assert.deepEqual(englishWords(team, ALLOWED), []);
    assert.match(render(<ItemRow kind={SPONSOR_KIND} item={sponsor} onEdit={noop} onRemove={noop} />), /இணைப்பு இல்லை/);
    assert.equal(fieldMessage('Title is required', { Title: 'தலைப்பு' }), 'தலைப்பு கட்டாயம் தேவை');
    assert.equal(fieldMessage('Tamil title must be at most 200 characters', { 'Tamil title': 'தலைப்பு (தமிழில்)' }), 'தலைப்பு (தமிழில்) அதிகபட்சம் 200 எழுத்துகள் வரை இருக்கலாம்');
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<EventRows events={[event]} />), /<h2[^>]*>1 event<\/h2>/);
  assert.equal(fieldMessage('Title is required', { Title: 'தலைப்பு' }), 'Title is required');
});
