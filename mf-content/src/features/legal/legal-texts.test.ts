import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paths } from '@tca/contracts';
import { formatLegalDate, parseInline, type LegalDocument } from './legal-types.js';
import { PRIVACY } from './privacy.js';
import { TERMS, TERMS_SECTION_TITLES } from './terms.js';

function allText(document: LegalDocument): string {
  return [...document.intro, ...document.sections.flatMap((s) => [s.title, ...s.body])].flat().join('\n');
}

test('links in the texts are parsed into text and link parts', () => {
  assert.deepEqual(parseInline('Read our [Privacy Policy](/privacy&policy) or [OAIC](https://www.oaic.gov.au).'), [
    { kind: 'text', text: 'Read our ' },
    { kind: 'link', label: 'Privacy Policy', href: '/privacy&policy', internal: true },
    { kind: 'text', text: ' or ' },
    { kind: 'link', label: 'OAIC', href: 'https://www.oaic.gov.au', internal: false },
    { kind: 'text', text: '.' },
  ]);
  assert.deepEqual(parseInline('no links [here]'), [{ kind: 'text', text: 'no links [here]' }]);
  assert.deepEqual(parseInline('[a](//evil.example)'), [{ kind: 'link', label: 'a', href: '//evil.example', internal: false }]);
});

test('the last-updated date is written the Australian way', () => {
  assert.equal(formatLegalDate('2026-11-25'), '25 November 2026');
  assert.equal(formatLegalDate('2026-01-05'), '5 January 2026');
  assert.equal(formatLegalDate('yesterday'), 'yesterday');
  assert.equal(formatLegalDate('2026-13-01'), '2026-13-01');
});

test('the terms have the eight sections of spec §2.3, in order', () => {
  assert.deepEqual(
    TERMS.sections.map((s) => s.title),
    ['Introduction', 'User Accounts', 'Privacy Policy', 'Content', 'Termination', 'Limitation of Liability', 'Governing Law', 'Changes to Terms'],
  );
  assert.deepEqual(TERMS_SECTION_TITLES, TERMS.sections.map((s) => s.title));
});

test('the terms name South Australian law and keep the Australian Consumer Law', () => {
  const text = allText(TERMS);
  assert.match(text, /laws of South Australia/);
  assert.match(text, /Associations Incorporation Act 1985 \(SA\)/);
  assert.match(text, /Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law/);
});

test('the privacy policy covers what the site stores and sends', () => {
  const text = allText(PRIVACY);
  for (const expected of [
    /hash/,
    /“user”/,
    /“token”/,
    /24 hours/,
    /expires after 1 hour/,
    /Stripe/,
    /never reach the Association/,
    /identity or supporting documents/,
    /acknowledgement/,
    /Association’s own inbox/,
    /logged in when you send a contact message or raise a support ticket, we also record which account sent it/,
    /IP address/,
    /no advertising or analytics cookies/,
    /Office of the Australian Information Commissioner/,
    /Australian Privacy Principles/,
  ]) {
    assert.match(text, expected);
  }
});

test('every document has unique section ids, a valid date, and internal links only to real pages', () => {
  const known = new Set<string>(Object.values(paths));
  for (const document of [TERMS, PRIVACY]) {
    assert.match(document.lastUpdated, /^\d{4}-\d{2}-\d{2}$/);
    assert.notEqual(formatLegalDate(document.lastUpdated), document.lastUpdated);
    const ids = document.sections.map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[a-z0-9-]+$/);
    for (const part of parseInline(allText(document))) {
      if (part.kind !== 'link') continue;
      if (part.internal) assert.ok(known.has(part.href), `internal link ${part.href}`);
      else assert.match(part.href, /^(https:\/\/|mailto:)/, `external link ${part.href}`);
    }
  }
});
