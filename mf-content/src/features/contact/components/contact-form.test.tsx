import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { assertHiddenHoneypot, controlTag as control, labels, prepareUiRendering } from '@tca/ui/testing/markup';

// The form is built on @tca/ui's fields, which import CSS Modules.
prepareUiRendering();
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
  assertHiddenHoneypot(renderToStaticMarkup(<ContactForm />));
});
