import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { assertHiddenHoneypot, prepareUiRendering } from './markup.js';

prepareUiRendering();
const { Honeypot } = await import('../forms/fields.js');

const registration = { name: 'website', onChange: () => undefined, onBlur: () => undefined, ref: () => undefined };

test('after prepareUiRendering a @tca/ui form part renders, its CSS Module classes as their own names', () => {
  assert.match(renderToStaticMarkup(<Honeypot registration={registration} />), /^<div class="honeypot" aria-hidden="true">/);
});

test("the honeypot check passes on @tca/ui's Honeypot named website", () => {
  assert.doesNotThrow(() => assertHiddenHoneypot(`<form>${renderToStaticMarkup(<Honeypot registration={registration} />)}</form>`));
});

test('the honeypot check fails when the honeypot is missing, misnamed, in the tab order or autofilled', () => {
  const honeypot = renderToStaticMarkup(<Honeypot registration={registration} />);
  for (const html of [
    '<form><input name="website"/></form>',
    honeypot.replace('name="website"', 'name="url"'),
    honeypot.replace('tabindex="-1"', 'tabindex="0"'),
    honeypot.replace(/autocomplete="off"/i, 'autocomplete="url"'),
  ]) {
    assert.throws(() => assertHiddenHoneypot(html), assert.AssertionError, html);
  }
});
