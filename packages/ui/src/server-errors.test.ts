import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryAfterText, splitFieldMessages } from './server-errors.js';

test('Retry-After in seconds or as a date becomes a sentence; nonsense is ignored', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  assert.equal(retryAfterText('0', now), 'Please try again in a moment.');
  assert.equal(retryAfterText('1', now), 'Please try again in a moment.');
  assert.equal(retryAfterText(' 45 ', now), 'Please try again in 45 seconds.');
  assert.equal(retryAfterText('60', now), 'Please try again in 1 minute.');
  assert.equal(retryAfterText('61', now), 'Please try again in 2 minutes.');
  assert.equal(retryAfterText('3540', now), 'Please try again in 59 minutes.');
  assert.equal(retryAfterText('3600', now), 'Please try again in 1 hour.');
  assert.equal(retryAfterText('7200', now), 'Please try again in 2 hours.');
  assert.equal(retryAfterText('Wed, 25 Nov 2026 10:05:00 GMT', now), 'Please try again in 5 minutes.');
  assert.equal(retryAfterText(new Date(90_000).toUTCString(), 0), 'Please try again in 2 minutes.');
  // A date already past: try again now.
  assert.equal(retryAfterText('Wed, 25 Nov 2026 09:00:00 GMT', now), 'Please try again in a moment.');
  assert.equal(retryAfterText('soon', now), null);
  assert.equal(retryAfterText('', now), null);
  assert.equal(retryAfterText(null, now), null);
});

test('field messages for fields the form shows go under them; the others are kept as text, never dropped', () => {
  assert.deepEqual(splitFieldMessages({ fields: { name: 'Name is required', extra: 'Unrecognized key', other: 'Too long' } }, ['name']), {
    fields: { name: 'Name is required' },
    others: ['Unrecognized key', 'Too long'],
  });
  assert.deepEqual(splitFieldMessages({}, ['name']), { fields: {}, others: [] });
  assert.deepEqual(splitFieldMessages(null, ['name']), { fields: {}, others: [] });
  assert.deepEqual(splitFieldMessages(undefined, []), { fields: {}, others: [] });
});

test('Retry-After in Tamil: the same moments in Tamil sentences, numbers from Intl', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  const { tooManyText } = await import('./api.js');
  await setLang('ta', { remember: false });
  try {
    const now = Date.parse('2026-11-25T10:00:00Z');
    assert.equal(retryAfterText('1', now), 'சிறிது நேரத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('45', now), '45 விநாடிகளில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('60', now), '1 நிமிடத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('61', now), '2 நிமிடங்களில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('3600', now), '1 மணிநேரத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('7200', now), '2 மணிநேரங்களில் மீண்டும் முயலுங்கள்.');
    // The service's English message gives way to the kit's Tamil one.
    const failure = { kind: 'http', status: 429, statusText: 'Too Many Requests', error: { error: 'rate_limited', message: 'Too many requests.' }, retryAfter: '120' } as const;
    assert.match(tooManyText(failure), /^மிக அதிகமான முயற்சிகள்\. 2 நிமிடங்களில்/);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(retryAfterText('45'), 'Please try again in 45 seconds.');
});
