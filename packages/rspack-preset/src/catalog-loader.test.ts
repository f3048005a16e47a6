import assert from 'node:assert/strict';
import { test } from 'node:test';
import catalogLoader, { compileCatalog } from './catalog-loader.mjs';

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
