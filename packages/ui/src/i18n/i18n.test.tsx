import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defineCatalog, detectLang, englishPlural, setLang, translator, useT } from '@tca/ui/i18n';
import { defineKnownTexts, englishIndex } from '@tca/ui/i18n/known';
import { formatAud, formatDate, pickText, richText } from '@tca/ui/i18n/format';
import { formatEnglish } from './english.js';
import en from './testdata/messages/en.json';

const catalog = defineCatalog('test.i18n', en, () => import('./testdata/messages/ta.json'));

test('the language a page opens in: ?lang, then the stored choice, then the browser, else English', () => {
  assert.equal(detectLang({ search: '?lang=ta', stored: 'en', browser: ['en-AU'] }), 'ta');
  assert.equal(detectLang({ search: '?lang=xx', stored: 'ta' }), 'ta');
  assert.equal(detectLang({ stored: null, browser: ['fr-FR', 'ta-IN'] }), 'ta');
  assert.equal(detectLang({ browser: ['en-GB', 'ta'] }), 'en');
  assert.equal(detectLang({}), 'en');
});

test('English texts are formatted without Lingui, exactly as Lingui formats them', () => {
  const lingui = setupI18n({ locale: 'en', messages: { en: {} } });
  const cases: Array<[string, Record<string, string | number>]> = [
    ['Our events', {}],
    ['Hello {name}', { name: 'Priya' }],
    ['{n, plural, =0 {No events} one {# event} other {# events}}', { n: 0 }],
    ['{n, plural, =0 {No events} one {# event} other {# events}}', { n: 1 }],
    ['{n, plural, =0 {No events} one {# event} other {# events}}', { n: 1234 }],
    ['{n, plural, offset:1 one {you and # other} other {you and # others}}', { n: 3 }],
    ['{role, select, owner {Owner} other {Member}}', { role: 'owner' }],
    ['{role, select, owner {Owner} other {Member}}', { role: 'constructor' }],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
    ['Missing {value} stays empty', {}],
  ];
  for (const [message, values] of cases) {
    const compiled = compileMessage(message);
    assert.equal(formatEnglish(compiled, values), lingui._({ id: message, message: compiled as unknown as string, values }), message);
    // Uncompiled (node tests, development): compiled on the spot.
    assert.equal(formatEnglish(message, values), formatEnglish(compiled, values), message);
  }
});

function Heading({ n }: { n: number }) {
  const t = useT(catalog);
  return (
    <h1>
      {t('title')} · {t('count', { n })} · {t('onlyEnglish')}
    </h1>
  );
}

test('a catalog in English, then in Tamil after a switch (loaded first); a text missing in Tamil shows its English', async () => {
  assert.equal(renderToStaticMarkup(<Heading n={2} />), '<h1>Our events · 2 events · Only in English</h1>');
  await setLang('ta', { remember: false });
  try {
    assert.equal(catalog.loaded('ta'), true);
    assert.equal(renderToStaticMarkup(<Heading n={1} />), '<h1>எங்கள் நிகழ்வுகள் · 1 நிகழ்வு · Only in English</h1>');
    assert.equal(translator(catalog)('hello', { name: 'மீனா' }), 'வணக்கம் மீனா');
    assert.equal(translator(catalog)('role', { role: 'owner' }), 'உரிமையாளர்');
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(translator(catalog)('count', { n: 0 }), 'No events');
});

test('a built English catalog (strings and functions) formats as written; a text missing in Tamil shows its built English', async () => {
  const english = { title: 'Our events', count: (v: { n?: number }) => englishPlural(v.n, { 0: 'No events', one: (k: string) => `${k} event`, other: (k: string) => `${k} events` }) };
  const built = defineCatalog('test.built-en', english as unknown as Record<'title' | 'count', string>, () => Promise.resolve({ default: { title: ['எங்கள் நிகழ்வுகள்'] } as unknown as Record<string, string> }));
  assert.equal(translator(built)('count', { n: 1234 }), '1,234 events');
  assert.equal(translator(built)('count', { n: 0 }), 'No events');
  await setLang('ta', { remember: false });
  try {
    assert.equal(translator(built)('title'), 'எங்கள் நிகழ்வுகள்');
    assert.equal(translator(built)('count', { n: 1 }), '1 event');
  } finally {
    await setLang('en', { remember: false });
  }
});

test('a catalog whose Tamil file cannot be fetched shows English instead of suspending forever', async () => {
  const broken = defineCatalog('test.broken', { title: 'Plain' }, () => Promise.reject(new Error('offline')));
  function Plain() {
    return <p>{useT(broken)('title')}</p>;
  }
  await setLang('ta', { remember: false });
  try {
    assert.equal(broken.failed('ta'), true);
    assert.equal(renderToStaticMarkup(<Suspense fallback="…"><Plain /></Suspense>), '<p>Plain</p>');
  } finally {
    await setLang('en', { remember: false });
  }
});

test('Intl formatting in Adelaide time, and content fields with their Tamil versions', () => {
  // 14:30 UTC is midnight in Adelaide (UTC+9:30): already the next day there.
  assert.equal(formatDate('2026-06-14T14:30:00Z', 'en', { day: 'numeric', month: 'long' }), '15 June');
  assert.match(formatDate('2026-06-14T14:30:00Z', 'ta', { month: 'long' }), /ஜூன்/);
  assert.equal(formatAud(60, 'en'), '$60.00');
  assert.equal(formatAud(60, 'en', { whole: true }), '$60');
  assert.deepEqual(pickText('Pongal', 'பொங்கல்', 'ta'), { text: 'பொங்கல்', lang: undefined });
  assert.deepEqual(pickText('Pongal', '  ', 'ta'), { text: 'Pongal', lang: 'en' });
  assert.deepEqual(pickText('Pongal', 'பொங்கல்', 'en'), { text: 'Pongal', lang: undefined });
  const markup = renderToStaticMarkup(<p>{richText('Read the <0>terms</0> first.', { 0: (text) => <a href="/terms">{text}</a> })}</p>);
  assert.equal(markup, '<p>Read the <a href="/terms">terms</a> first.</p>');
});

test('englishIndex finds a plain text by its English wording, built or as written', () => {
  const index = englishIndex(catalog);
  assert.equal(index.get('Our events'), 'title');
  assert.equal(index.get('Hello {name}'), undefined, 'a text with placeholders is not a fixed wording');
  // Built (the catalog loader): a plain text is a string, one with placeholders a function.
  const built = defineCatalog('test.built', { plain: 'Saved', withValue: (v: { name?: string }) => `Hi ${v.name ?? ''}` } as unknown as Record<string, string>, () => Promise.resolve({ default: {} }));
  assert.equal(englishIndex(built).get('Saved'), 'plain');
  assert.equal(englishIndex(built).size, 1);
});

test('known texts: English shows a message as it came without loading anything; Tamil looks its wording up', async () => {
  let fetched = 0;
  const known = defineKnownTexts(
    'test.known',
    () => {
      fetched += 1;
      return import('./testdata/messages/en.json');
    },
    () => import('./testdata/messages/ta.json'),
  );
  assert.equal(known.shown('Our events'), 'Our events');
  assert.equal(known.foreign('Our events'), undefined);
  assert.equal(fetched, 0, 'English needs no table');
  await setLang('ta', { remember: false });
  try {
    assert.equal(fetched, 1, 'fetched with Tamil');
    assert.equal(known.shown('Our events '), 'எங்கள் நிகழ்வுகள்');
    assert.equal(known.foreign('Our events'), undefined);
    assert.equal(known.shown('A service said this'), 'A service said this');
    assert.equal(known.foreign('A service said this'), 'en');
    assert.equal(known.shown(undefined), undefined);
  } finally {
    await setLang('en', { remember: false });
  }
});
