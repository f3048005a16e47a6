import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { catalogs, rootDir } from './catalog-files.js';

/**
 * Every interface catalog of the site (`…/messages/en.json` beside `…/messages/ta.json`, in the shell,
 * the remotes, the browser kit and the services' e-mails) is whole in Tamil: the same keys, the same
 * placeholders, Tamil script in every text, and the glossary's word for each recurring term
 * (glossary.ta.json at the repository's root).
 */
type Catalog = Record<string, string>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalog;

/** The ICU argument names a text uses (`{name}`, `{n, plural, …}`), sorted, without repeats. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1] ?? ''))].sort();
}

interface Term {
  en: string;
  ta: string;
  stem: string;
  match: string;
  unless?: string;
  check: boolean;
}
const glossary = (JSON.parse(readFileSync(path.join(rootDir, 'glossary.ta.json'), 'utf8')) as { terms: Term[] }).terms;
const TAMIL = /[\u0B80-\u0BFF]/;
const files = [...catalogs(path.join(rootDir, 'shell')), ...['mf-content', 'mf-membership', 'mf-account', 'mf-staff', 'packages', 'services'].flatMap((dir) => catalogs(path.join(rootDir, dir)))];

/** The apps and services whose interface and e-mails are translated: each has catalogs. */
const TRANSLATED_APPS = ['shell', 'mf-content', 'mf-membership', 'mf-account', 'mf-staff', 'packages/ui', 'packages/service-kit', 'services/identity', 'services/content', 'services/payments'];

test('the catalogs are found (every app translated so far has some)', () => {
  for (const app of TRANSLATED_APPS) {
    assert.ok(files.some((file) => file.startsWith(path.join(rootDir, app) + path.sep)), `${app} has no messages/en.json`);
  }
});

for (const file of files) {
  const name = path.relative(rootDir, path.dirname(file));
  test(`${name}: Tamil has every text, with the same placeholders, in Tamil, in the glossary's words`, () => {
    const en = read(file);
    const ta = read(path.join(path.dirname(file), 'ta.json'));
    assert.deepEqual(Object.keys(ta).sort(), Object.keys(en).sort(), `${name}: ta.json and en.json have different keys`);
    const problems: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const tamil = ta[key] ?? '';
      if (placeholders(english).join() !== placeholders(tamil).join()) problems.push(`${key}: placeholders ${placeholders(english).join()} ≠ ${placeholders(tamil).join()}`);
      // A text with English words in it has Tamil in its translation (a bare code or symbol needs none).
      if (/[a-z]{3,}/.test(english.replace(/\{[^{}]*\}/g, '')) && !TAMIL.test(tamil)) problems.push(`${key}: not in Tamil: ${tamil}`);
      // A placeholder's name (`{email}`) is not a word of the text.
      const words = english.replace(/\{\s*[A-Za-z_]\w*\s*\}/g, '');
      for (const term of glossary) {
        if (!term.check || !new RegExp(term.match, 'i').test(words)) continue;
        if (term.unless && new RegExp(term.unless, 'i').test(words)) continue;
        if (!tamil.includes(term.stem)) problems.push(`${key}: "${term.en}" is ${term.ta} (glossary), not in: ${tamil}`);
      }
    }
    assert.deepEqual(problems, [], `${name}:\n${problems.join('\n')}`);
  });
}

test('placeholders are read from plurals and plain arguments alike', () => {
  assert.deepEqual(placeholders('Hello {name}, {n, plural, one {# post by {author}} other {# posts}}'), ['author', 'n', 'name']);
});
