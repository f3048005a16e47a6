import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { assertHiddenHoneypot, controlTag as control, labels, prepareUiRendering } from '@tca/ui/testing/markup';

// The form is built on @tca/ui's fields, which import CSS Modules.
prepareUiRendering();
const { TicketForm } = await import('./ticket-form.js');

test('the honeypot is named website and hidden from people, keyboards and autofill', () => {
  assertHiddenHoneypot(renderToStaticMarkup(<TicketForm />));
});

test('the ticket form has the spec §5 fields, its issue types and country codes', () => {
  const html = renderToStaticMarkup(<TicketForm />);
  const byLabel = labels(html);
  for (const label of ['Name *', 'Email *', 'Phone *', 'Country code', 'Issue type *', 'Issue description *']) assert.ok(byLabel.has(label), label);
  assert.match(control(html, byLabel.get('Email *') ?? ''), /type="email"/);
  assert.match(control(html, byLabel.get('Phone *') ?? ''), /type="tel"/);
  assert.match(control(html, byLabel.get('Issue description *') ?? ''), /rows="4"/);
  const countries = [...html.matchAll(/<option value="(\+\d+)"/g)].map((m) => m[1]);
  assert.deepEqual(countries, ['+91', '+61', '+1', '+44']);
  const issues = [...html.matchAll(/<option value="([a-z]*)"[^>]*>([^<]+)<\/option>/g)].map((m) => `${m[1]}=${m[2]}`);
  assert.deepEqual(issues, ['=Select issue type', 'technical=Technical Issue', 'billing=Billing Issue', 'general=General Inquiry', 'feedback=Feedback']);
  assert.match(html, /<button type="submit" class="tca-button">Submit Ticket<\/button>/);
});
