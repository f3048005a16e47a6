import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setupI18n } from '@lingui/core';
import { compileCatalog, englishModule } from '../../../packages/rspack-preset/src/catalog-loader.mjs';
import { englishPlural, englishSelect } from '../../../packages/ui/src/i18n/english.js';
import { catalogs, rootDir } from './catalog-files.js';

/**
 * The browser's English texts are built to code (the preset's catalog loader: a string, or a function
 * of the values calling englishPlural / englishSelect), Tamil is interpolated by Lingui. Every English
 * text of every app's catalog, built the way the browser gets it, reads exactly as Lingui formats the
 * same text, for counts on each side of every plural rule and for a select's named and other cases.
 * (The services' e-mail catalogs are formatted by Lingui itself, so they are not built this way.)
 */
type Built = Record<string, string | ((values: Record<string, unknown>) => string)>;

/** The module the loader emits, evaluated with the real helpers in place of its import. */
function build(source: string, file: string): Built {
  const code = englishModule(source, file);
  const body = code.slice(code.indexOf('export default ') + 'export default '.length).replace(/;$/, '');
  return new Function('p', 's', `return ${body};`)(englishPlural, englishSelect) as Built;
}

const SAMPLES: ReadonlyArray<string | number> = [0, 1, 2, 3, 5, 11, 21, 1234, 'owner', 'Priya'];
const lingui = setupI18n({ locale: 'en', messages: { en: {} } });

const apps = ['shell', 'mf-content', 'mf-membership', 'mf-account', 'mf-staff', 'packages/ui'];
const files = apps.flatMap((app) => catalogs(path.join(rootDir, app)));

test('the browser apps have English catalogs to check', () => {
  for (const app of apps) assert.ok(files.some((file) => file.startsWith(path.join(rootDir, app) + path.sep)), app);
});

for (const file of files) {
  const name = path.relative(rootDir, file);
  test(`${name}: every English text built to code reads as Lingui formats it`, () => {
    const source = readFileSync(file, 'utf8');
    const built = build(source, name);
    const compiled = compileCatalog(source, name);
    const wrong: string[] = [];
    for (const [key, tokens] of Object.entries(compiled)) {
      const names = [...JSON.stringify(tokens).matchAll(/\["([A-Za-z_]\w*)"/g)].map((match) => match[1] ?? '');
      for (const sample of names.length > 0 ? SAMPLES : ['']) {
        const values = Object.fromEntries(names.map((arg) => [arg, sample]));
        const message = built[key];
        const ours = typeof message === 'function' ? message(values) : message;
        const theirs = lingui._({ id: `${name}.${key}`, message: tokens as unknown as string, values });
        if (ours !== theirs) wrong.push(`${key} with ${JSON.stringify(values)}: ${JSON.stringify(ours)} ≠ Lingui's ${JSON.stringify(theirs)}`);
      }
    }
    assert.deepEqual(wrong, [], wrong.join('\n'));
  });
}

test('the kinds of text an English catalog may hold read as Lingui formats them too', () => {
  const texts = {
    plain: 'Our events',
    escaped: "It's '{'braces'}' and #1",
    hello: 'Hello {name}!',
    count: '{n, plural, =0 {No events} one {# event} other {# events}}',
    select: '{role, select, owner {Owner {name}} other {Member}}',
    nested: '{n, plural, one {{role, select, owner {# owner} other {# member}}} other {# people, {name}}}',
    missing: 'Missing {name} stays empty',
  };
  const source = JSON.stringify(texts);
  const built = build(source, 'kinds');
  const compiled = compileCatalog(source, 'kinds');
  for (const key of Object.keys(texts)) {
    for (const n of [0, 1, 2, 3, 4, 11, 22, 103]) {
      for (const role of ['owner', 'constructor', 'guest']) {
        const values = key === 'missing' ? {} : { n, role, name: 'Priya' };
        const message = built[key];
        const ours = typeof message === 'function' ? message(values) : message;
        assert.equal(ours, lingui._({ id: `kinds.${key}`, message: compiled[key] as unknown as string, values }), `${key} ${JSON.stringify(values)}`);
      }
    }
  }
});
