import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpFailure as http } from '@tca/ui/testing/api-doubles';
import { contactFailure } from './contact-failure.js';

const CONTACT_FIELDS = ['name', 'phoneNumber', 'senderEmail', 'message'] as const;

test("the contact form's failure always reads the spec's alert text", () => {
  for (const result of [
    http(500, 'Internal Server Error', { error: 'internal', message: 'Internal error' }),
    http(502, 'Bad Gateway', null),
    { kind: 'network', message: 'Failed to fetch' } as const,
  ]) {
    assert.deepEqual(contactFailure(result, CONTACT_FIELDS), { message: 'Failed to send message. Please try again later.', detail: null, fields: {} });
  }
});

test("a 400 puts the server's messages under the fields the form shows, the rest in the alert", () => {
  const failure = contactFailure(
    http(400, 'Bad Request', {
      error: 'validation_failed',
      message: 'Please correct the highlighted fields.',
      fields: { senderEmail: 'Invalid email format', subject: 'Subject must be at most 200 characters' },
    }),
    CONTACT_FIELDS,
  );
  assert.equal(failure.message, 'Failed to send message. Please try again later.');
  assert.deepEqual(failure.fields, { senderEmail: 'Invalid email format' });
  assert.equal(failure.detail, 'Please correct the highlighted fields. Subject must be at most 200 characters');
});

test("a 429 shows the server's message, or when it has none, when to try again", () => {
  const withMessage = contactFailure(http(429, 'Too Many Requests', { error: 'rate_limited', message: 'Too many messages from you. Try again in 10 minutes.' }, '600'), CONTACT_FIELDS);
  assert.equal(withMessage.detail, 'Too many messages from you. Try again in 10 minutes.');
  assert.equal(contactFailure(http(429, 'Too Many Requests', null, '600'), CONTACT_FIELDS).detail, 'Please try again in 10 minutes.');
  assert.equal(contactFailure(http(429, 'Too Many Requests', null), CONTACT_FIELDS).detail, 'Too many requests. Please try again later.');
});

test('in Tamil the alert, the known validation messages and a 429 are Tamil; unknown server words are marked English', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    assert.deepEqual(contactFailure({ kind: 'network', message: 'Failed to fetch' }, CONTACT_FIELDS), {
      message: 'செய்தியை அனுப்ப முடியவில்லை. பின்னர் மீண்டும் முயலுங்கள்.',
      detail: null,
      fields: {},
    });
    const invalid = contactFailure(
      http(400, 'Bad Request', { error: 'validation_failed', message: 'Name is required. Invalid email format.', fields: { name: 'Name is required', senderEmail: 'Invalid email format' } }),
      CONTACT_FIELDS,
    );
    assert.equal(invalid.detail, 'பெயர் தேவை. மின்னஞ்சல் முகவரியின் வடிவம் தவறானது.');
    assert.equal(invalid.lang, undefined);
    assert.deepEqual(invalid.fields, { name: 'Name is required', senderEmail: 'Invalid email format' }, 'the form shows field messages with shownText');
    const limited = contactFailure(http(429, 'Too Many Requests', { error: 'rate_limited', message: 'Too many messages from this address. Please try again in 10 minutes.' }, '600'), CONTACT_FIELDS);
    assert.equal(limited.detail, 'மிக அதிகமான முயற்சிகள். 10 நிமிடங்களில் மீண்டும் முயலுங்கள்.');
    assert.equal(contactFailure(http(429, 'Too Many Requests', null), CONTACT_FIELDS).detail, 'மிக அதிகமான முயற்சிகள். சிறிது நேரம் கழித்து மீண்டும் முயலுங்கள்.');
    const unknown = contactFailure(http(409, 'Conflict', { error: 'conflict', message: 'Something odd happened.' }), CONTACT_FIELDS);
    assert.equal(unknown.detail, 'Something odd happened.');
    assert.equal(unknown.lang, 'en');
  } finally {
    await setLang('en', { remember: false });
  }
});
