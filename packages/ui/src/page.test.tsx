import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from './page.js';
import { Spinner } from './spinner.js';

test('the spinner reads "Loading..." and is announced as a status', () => {
  const html = renderToStaticMarkup(<Spinner />);
  assert.match(html, /role="status"/);
  assert.match(html, />Loading\.\.\.</);
});

test('after a switch to Tamil the spinner reads Tamil (the switch loaded its texts first)', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    assert.match(renderToStaticMarkup(<Spinner />), />ஏற்றுகிறது\.\.\.</);
  } finally {
    await setLang('en', { remember: false });
  }
});

test('a page is a section labelled by its h1 title', () => {
  const html = renderToStaticMarkup(<Page title="Our Team" lead="Volunteers" />);
  assert.match(html, /<section[^>]*aria-labelledby="page-title"/);
  assert.match(html, /<h1 id="page-title"[^>]*>Our Team<\/h1>/);
  assert.match(html, /Volunteers/);
  assert.doesNotMatch(renderToStaticMarkup(<Page title="T" />), /tca-page__lead/);
});
