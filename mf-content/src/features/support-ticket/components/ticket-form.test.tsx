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
const { TicketForm } = await import('./ticket-form.js');

test('the honeypot is named website and hidden from people, keyboards and autofill', () => {
  const html = renderToStaticMarkup(<TicketForm />);
  const honeypot = /<div class="honeypot" aria-hidden="true">.*?<input[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(honeypot, /name="website"/);
  assert.match(honeypot, /tabindex="-1"/i);
  assert.match(honeypot, /autocomplete="off"/i);
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
