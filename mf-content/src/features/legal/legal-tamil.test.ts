import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalDate, legalDocumentIn, loadTamil, PRIVACY_TEXTS, TERMS_TEXTS } from './legal-documents.js';
import { parseInline, type LegalBlock, type LegalDocument } from './legal-types.js';

const TAMIL = /[\u0B80-\u0BFF]/;

/** A block's shape: 'p' for a paragraph, the item count for a list. */
const shape = (block: LegalBlock) => (typeof block === 'string' ? 'p' : block.length);
const texts = (document: LegalDocument) => [...document.intro, ...document.sections.flatMap((s) => [s.title, ...s.body])].flat();
const links = (document: LegalDocument) =>
  texts(document)
    .flatMap(parseInline)
    .flatMap((part) => (part.kind === 'link' ? [part.href] : []))
    .sort();

for (const [name, both] of [
  ['privacy policy', PRIVACY_TEXTS],
  ['terms', TERMS_TEXTS],
] as const) {
  test(`the Tamil ${name} has the English one's sections, blocks, lists and links, in order`, async () => {
    const tamil = await both.ta();
    assert.equal(tamil.lastUpdated, both.en.lastUpdated);
    assert.deepEqual(tamil.intro.map(shape), both.en.intro.map(shape));
    assert.deepEqual(
      tamil.sections.map((s) => [s.id, s.body.map(shape)]),
      both.en.sections.map((s) => [s.id, s.body.map(shape)]),
    );
    assert.deepEqual(links(tamil), links(both.en));
  });

  test(`every text of the Tamil ${name} is Tamil: English only in links' addresses, e-mail addresses, code and brands`, async () => {
    for (const text of texts(await both.ta())) {
      assert.match(text, TAMIL, text);
      const shown = parseInline(text)
        .map((part) => (part.kind === 'text' ? part.text : part.kind === 'link' ? part.label : ''))
        .join('')
        .replace(/\S+@\S+|https?:\/\/\S+/g, '');
      assert.deepEqual((shown.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => word !== 'Stripe'), [], text);
    }
  });
}

test('a backticked name is a code part; English texts have none', () => {
  assert.deepEqual(parseInline('`user` — [a](/b)'), [
    { kind: 'code', text: 'user' },
    { kind: 'text', text: ' — ' },
    { kind: 'link', label: 'a', href: '/b', internal: true },
  ]);
  for (const document of [PRIVACY_TEXTS.en, TERMS_TEXTS.en]) assert.ok(!texts(document).join('').includes('`'));
});

test('English shows at once; Tamil once loaded (a component suspends until then)', async () => {
  assert.equal(legalDocumentIn(TERMS_TEXTS, 'en').document, TERMS_TEXTS.en);
  assert.deepEqual(await loadTamil(TERMS_TEXTS), legalDocumentIn(TERMS_TEXTS, 'ta'));
  assert.equal(legalDocumentIn(TERMS_TEXTS, 'ta').lang, undefined);
  const broken = { en: TERMS_TEXTS.en, ta: () => Promise.reject(new Error('offline')) };
  assert.throws(() => legalDocumentIn(broken, 'ta'), (thrown: unknown) => thrown instanceof Promise);
  assert.deepEqual(await loadTamil(broken), { document: TERMS_TEXTS.en, lang: 'en' }, 'a Tamil chunk that cannot load leaves the English, marked');
});

test('the last-updated date: unchanged in English, Tamil month names in Tamil', () => {
  assert.equal(legalDate('2026-11-25', 'en'), '25 November 2026');
  assert.match(legalDate('2026-11-25', 'ta'), /^25 நவம்பர்,? 2026$/);
  assert.equal(legalDate('soon', 'ta'), 'soon');
});
