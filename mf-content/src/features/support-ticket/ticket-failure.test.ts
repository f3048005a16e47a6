import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpFailure as http } from '@tca/ui/testing/api-doubles';
import { ticketFailure } from './ticket-failure.js';

const TICKET_FIELDS = ['name', 'email', 'countryCode', 'phone', 'issueType', 'issueDescription'] as const;

test("a ticket's non-ok answer reads 'Backend error: (status) (statusText)' plus the server's message", () => {
  assert.equal(ticketFailure(http(500, 'Internal Server Error', null), TICKET_FIELDS).message, 'Backend error: 500 Internal Server Error');
  assert.equal(ticketFailure(http(503, '', null), TICKET_FIELDS).message, 'Backend error: 503');
  assert.equal(
    ticketFailure(http(429, 'Too Many Requests', { error: 'rate_limited', message: 'Too many tickets. Try again later.' }), TICKET_FIELDS).message,
    'Backend error: 429 Too Many Requests — Too many tickets. Try again later.',
  );
  const invalid = ticketFailure(
    http(400, 'Bad Request', { error: 'validation_failed', message: 'Invalid ticket', fields: { issueType: 'Issue type is required', website: 'This field must be left empty' } }),
    TICKET_FIELDS,
  );
  assert.equal(invalid.message, 'Backend error: 400 Bad Request — Invalid ticket This field must be left empty');
  assert.deepEqual(invalid.fields, { issueType: 'Issue type is required' });
});

test("a ticket that gets no answer shows the error's own message, or the spec's fallback", () => {
  assert.equal(ticketFailure({ kind: 'network', message: 'Failed to fetch' }, TICKET_FIELDS).message, 'Failed to fetch');
  assert.equal(ticketFailure({ kind: 'network', message: ' ' }, TICKET_FIELDS).message, 'Failed to submit ticket. Please try again.');
});

test("in Tamil the headline is the catalog's (no English status text or browser error) and known messages are Tamil", async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    assert.equal(ticketFailure({ kind: 'network', message: 'Failed to fetch' }, TICKET_FIELDS).message, 'கோரிக்கையைச் சமர்ப்பிக்க முடியவில்லை. மீண்டும் முயலுங்கள்.');
    assert.equal(ticketFailure(http(500, 'Internal Server Error', null), TICKET_FIELDS).message, 'சேவையகப் பிழை: 500');
    const invalid = ticketFailure(
      http(400, 'Bad Request', { error: 'validation_failed', message: 'Issue type is required.', fields: { issueType: 'Issue type is required', website: 'This field must be left empty' } }),
      TICKET_FIELDS,
    );
    assert.equal(invalid.message, 'சேவையகப் பிழை: 400 — பிரச்சினையின் வகை தேவை. இந்தப் புலத்தை வெறுமையாக விடுங்கள்');
    assert.equal(invalid.lang, undefined);
    assert.equal(ticketFailure(http(400, 'Bad Request', { error: 'x', message: 'Invalid ticket' }), TICKET_FIELDS).lang, 'en');
  } finally {
    await setLang('en', { remember: false });
  }
});
