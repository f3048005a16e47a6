import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';
import type { FeedEntry } from '../audit-feed.js';

prepareBrowserlessPages();
const { AuditTable } = await import('./audit-panel.js');

const base = { actorUserId: '1', ip: null } as const;
const entries: FeedEntry[] = [
  { ...base, id: '9', at: '2026-03-01T13:31:00.000Z', actorEmail: 'editor@example.org', action: 'post_published', target: 'post:pongal', summary: 'status draft -> published', source: 'content' },
  { ...base, id: '4', at: '2026-03-01T13:29:00.000Z', actorEmail: 'owner@example.org', action: 'sign_in', target: null, summary: 'Signed in with an authenticator code.', source: 'identity' },
];

test('each entry: when in Adelaide, who, what (area and target) and the change, with column names for the phone list', () => {
  const html = renderToStaticMarkup(<AuditTable entries={entries} />);
  assert.match(html, /<th scope="col">When \(Adelaide\)<\/th><th scope="col">Who<\/th><th scope="col">What<\/th><th scope="col">Change<\/th>/);
  assert.match(html, /<time dateTime="2026-03-01T13:31:00.000Z">2 Mar 2026, 12:01:00 am<\/time>/);
  assert.match(html, /<td data-label="Who">editor@example.org<\/td>/);
  assert.match(html, /<strong>Post published<\/strong><span[^>]*>Site content · post:pongal<\/span>/);
  assert.match(html, /<strong>Signed in<\/strong><span[^>]*>Staff and sign-in<\/span>/);
  assert.ok(html.indexOf('editor@example.org') < html.indexOf('owner@example.org'), 'in the order given (newest first)');
});
