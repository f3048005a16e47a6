import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import type { StaffEvent } from '@tca/contracts';
import { controlTag as control, labels, prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { EventRows, EventsPanel } = await import('./events-list.js');
const { EventEditor, StaleEventNotice } = await import('./event-editor.js');

const render = (node: ReactNode, path = '/staff/events') => renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

const event: StaffEvent = {
  key: 'pongal',
  name: 'Pongal',
  description: 'Sweet pongal',
  date: '2030-01-15',
  endDate: '2030-01-16',
  time: null,
  location: 'Town Hall',
  eventLink: null,
  status: 'Cancelled',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 3,
  imageCount: 2,
  images: [
    { url: '/uploads/a.webp', file: 'a.webp', alt: 'The stage', width: 640, height: 480 },
    { url: '/uploads/b.webp', file: 'b.webp', alt: 'A kolam', width: 640, height: 480 },
  ],
};

test('the events list: name linked to its editor, when, where and the status in words; New event', () => {
  const html = render(<EventRows events={[event, { ...event, key: 'fair', name: 'Fair', status: 'Draft', location: '' }]} />);
  assert.match(html, /<h2[^>]*>2 events<\/h2>/);
  assert.match(html, /<a href="\/staff\/events\/pongal"[^>]*>Pongal<\/a>/);
  assert.match(html, /2030-01-15 to 2030-01-16, all day/);
  assert.match(html, />Cancelled</);
  assert.match(html, />Draft</);
  assert.match(html, /Not given/);
  assert.match(html, /aria-label="Edit Fair"/);
  assert.match(render(<EventRows events={[]} />), /no events yet/);
  const panel = render(<EventsPanel />);
  assert.equal(h1(panel), 'Events');
  assert.match(panel, /<a href="\/staff\/events\/new"[^>]*>New event<\/a>/);
});

test('a new event: every field labelled, required ones marked, status a select starting at Draft; pictures come after the first save', () => {
  const html = render(<EventEditor event={null} />, '/staff/events/new');
  assert.equal(h1(html), 'New event');
  const byLabel = labels(html);
  for (const name of ['Name *', 'Status *', 'Date *', 'End date', 'Time', 'Location', 'Ticket link', 'Description']) assert.ok(byLabel.has(name), name);
  assert.match(control(html, byLabel.get('Status *') ?? ''), /<select/);
  assert.match(html, /<option value="Draft" selected="">Draft<\/option>/);
  assert.match(control(html, byLabel.get('Date *') ?? ''), /type="date"/);
  assert.match(control(html, byLabel.get('Time') ?? ''), /type="time"/);
  assert.match(html, /Save the event first, then add its pictures/);
  assert.doesNotMatch(html, />Delete<\/button>/);
});

test('an event: its pictures in order with alt text fields, move and remove buttons named per picture; upload; Delete', () => {
  const html = render(<EventEditor event={event} />, '/staff/events/pongal');
  assert.equal(h1(html), 'Edit: Pongal');
  const byLabel = labels(html);
  assert.ok(byLabel.has('Picture 1: alt text *') && byLabel.has('Picture 2: alt text *'));
  assert.match(control(html, byLabel.get('Picture 2: alt text *') ?? ''), /value="A kolam"/);
  assert.match(html, /<img[^>]*src="\/uploads\/a.webp"[^>]*alt="The stage"/);
  assert.match(html, /<legend[^>]*>Pictures<\/legend>/);
  assert.match(html, /<button type="button"[^>]*disabled=""[^>]*>Move earlier<span class="tca-visually-hidden"> \(Picture 1\)<\/span>/, 'the first cannot move earlier');
  assert.match(html, /Move later<span class="tca-visually-hidden"> \(Picture 1\)/);
  assert.match(html, /Remove<span class="tca-visually-hidden"> Picture 2/);
  assert.match(control(html, byLabel.get('Add a picture') ?? ''), /type="file"/);
  assert.match(html, />Upload the picture<\/button>/);
  assert.match(html, />Delete<\/button>/);
  assert.match(html, /Stays on \/events marked Cancelled/, 'the status hint says what Cancelled does');
});

test('a 409 says who changed what and offers Reload', () => {
  const html = render(<StaleEventNotice stale={{ error: 'stale', message: 'm', current: { ...event, version: 4 }, changed: ['status', 'images'] }} onReload={() => undefined} />);
  assert.match(html, /role="alert"/);
  assert.match(html, /Someone changed this event since you opened it/);
  assert.match(html, /They changed the status and pictures\./);
  assert.match(html, />Reload<\/button>/);
});
