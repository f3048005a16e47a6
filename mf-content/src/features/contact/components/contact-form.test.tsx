import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { controlTag as control, labels } from '@tca/ui/testing/markup';

// tsx compiles @tca/ui's source (outside this package's tsconfig) with the classic JSX transform,
// which needs a global React; Rspack builds it with the automatic one.
Object.assign(globalThis, { React });
// The forms import CSS Modules, which only Rspack understands.
register('@tca/ui/testing/css-module-stub', import.meta.url);
const { ContactForm } = await import('./contact-form.js');

test('the contact form labels its four required fields with the right types and autocomplete', () => {
  const html = renderToStaticMarkup(<ContactForm />);
  const byLabel = labels(html);
  const expectations: Array<[string, RegExp]> = [
    ['Name *', /autocomplete="name"/i],
    ['Phone *', /type="tel"/],
    ['Email *', /type="email"/],
    ['Message *', /<textarea/],
  ];
  for (const [label, attribute] of expectations) {
    const id = byLabel.get(label);
    assert.ok(id, `label ${label}`);
    const element = control(html, id);
    assert.match(element, attribute);
    assert.match(element, /required=""/);
  }
  assert.match(html, /<form[^>]*novalidate=""/i);
  assert.match(html, /<button type="submit"[^>]*>Send Message<\/button>/);
});

test('the honeypot is named website and hidden from people, keyboards and autofill', () => {
  const html = renderToStaticMarkup(<ContactForm />);
  const honeypot = /<div class="honeypot" aria-hidden="true">.*?<input[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(honeypot, /name="website"/);
  assert.match(honeypot, /tabindex="-1"/i);
  assert.match(honeypot, /autocomplete="off"/i);
});
