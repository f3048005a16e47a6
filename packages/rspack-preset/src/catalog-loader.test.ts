import assert from 'node:assert/strict';
import { test } from 'node:test';
import catalogLoader, { compileCatalog, englishModule } from './catalog-loader.mjs';

test('every text becomes the token list Lingui interpolates (a plain string would be taken for uncompiled)', () => {
  const compiled = compileCatalog(JSON.stringify({ title: 'Our team', hello: 'Hello {name}', count: '{n, plural, one {# post} other {# posts}}' }));
  assert.deepEqual(compiled.title, ['Our team']);
  assert.deepEqual(compiled.hello, ['Hello ', ['name']]);
  assert.ok(Array.isArray(compiled.count));
});

test('a broken text or a nested object fails the build with the file and the key', () => {
  assert.throws(() => compileCatalog('{"a":"{n, plural, one {x}"}', 'en.json'), /en\.json: "a" is not valid ICU/);
  assert.throws(() => compileCatalog('{"a":{"b":"c"}}', 'ta.json'), /ta\.json: "a" is not a text/);
  assert.throws(() => compileCatalog('[]', 'ta.json'), /a catalog is an object/);
});

test('the loader emits a module whose default export is the compiled catalog', async () => {
  const code = catalogLoader.call({ resourcePath: 'messages/ta.json' }, '{"hi":"வணக்கம் {name}"}');
  const url = `data:text/javascript,${encodeURIComponent(code)}`;
  const module = (await import(url)) as { default: Record<string, unknown> };
  assert.deepEqual(module.default, { hi: ['வணக்கம் ', ['name']] });
});

test('English becomes strings and functions of the values: no interpreter on an English page', () => {
  const code = englishModule(JSON.stringify({ title: 'Our team', hello: 'Hello {name}!', count: '{n, plural, =0 {No posts} one {# post} other {# posts}}', role: '{r, select, owner {Owner} other {Member}}' }));
  assert.match(code, /^import \{ englishPlural as p, englishSelect as s \} from '@tca\/ui\/i18n';/);
  assert.match(code, /"title":"Our team"/);
  assert.match(code, /"hello":v=>"Hello "\+\(v\.name\?\?""\)\+"!"/);
  assert.match(code, /"count":v=>p\(v\.n,\{"0":"No posts",one:k=>k\+" post",other:k=>k\+" posts"\}\)/);
  assert.match(code, /"role":v=>s\(v\.r,\{owner:"Owner",other:"Member"\}\)/);
  // A catalog of plain texts imports nothing; a quote or a backslash stays a string.
  assert.equal(englishModule(JSON.stringify({ a: 'It\'s "done" \\ #1' })), 'export default {"a":"It\'s \\"done\\" \\\\ #1"};');
});

test('an English text formatting a number, a date, an ordinal or a plural offset fails the build: those are done in code', () => {
  assert.throws(() => englishModule('{"price":"{amount, number, currency}"}', 'en.json'), /en\.json: "price": \{amount, number\} is not supported in English catalogs/);
  assert.throws(() => englishModule('{"when":"{at, date, short}"}', 'en.json'), /\{at, date\}/);
  assert.throws(() => englishModule('{"nth":"{n, selectordinal, one {#st} other {#th}}"}', 'en.json'), /\{n, selectordinal\}/);
  assert.throws(() => englishModule('{"us":"{n, plural, offset:1 one {you and # other} other {you and # others}}"}', 'en.json'), /\{n, plural, offset\}/);
});

test('the loader picks the form by the file: English as code, any other language as Lingui\'s token lists', () => {
  assert.equal(catalogLoader.call({ resourcePath: '/a/messages/en.json' }, '{"hi":"Hi"}'), 'export default {"hi":"Hi"};');
  assert.match(catalogLoader.call({ resourcePath: '/a/messages/ta.json' }, '{"hi":"வணக்கம்"}'), /^export default JSON\.parse/);
});
