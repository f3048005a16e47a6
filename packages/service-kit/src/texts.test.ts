import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestLang, serviceTexts } from './texts.js';

test('texts in either language, with placeholders and plurals; a missing Tamil text shows the English one', () => {
  const texts = serviceTexts(
    'test',
    { hello: 'Hello {name}', tickets: '{n, plural, one {# ticket} other {# tickets}}', only: 'Only English' },
    { hello: 'வணக்கம் {name}', tickets: '{n, plural, one {# கோரிக்கை} other {# கோரிக்கைகள்}}' },
  );
  assert.equal(texts('en')('hello', { name: 'Priya' }), 'Hello Priya');
  assert.equal(texts('ta')('hello', { name: 'பிரியா' }), 'வணக்கம் பிரியா');
  assert.equal(texts('en')('tickets', { n: 1 }), '1 ticket');
  assert.equal(texts('ta')('tickets', { n: 3 }), '3 கோரிக்கைகள்');
  assert.equal(texts('ta')('only'), 'Only English');
});

test('a broken text stops the service with the file and key', () => {
  assert.throws(() => serviceTexts('mail', { a: '{n, plural, one {x}' }, {}), /mail\/en\.json: "a" is not valid ICU/);
});

test('the language a request asks for: ?lang, else Accept-Language, else English', () => {
  assert.equal(requestLang('ta'), 'ta');
  assert.equal(requestLang('fr-FR,ta-IN;q=0.8'), 'ta');
  assert.equal(requestLang('en-AU,ta;q=0.5'), 'en');
  assert.equal(requestLang(undefined), 'en');
  assert.equal(requestLang('de', 'ta'), 'ta');
  assert.equal(requestLang('ta', 'xx'), 'ta');
});
