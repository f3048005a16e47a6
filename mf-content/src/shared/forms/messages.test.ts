import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLang } from '@tca/ui/i18n';
import { shownSentences, shownText } from './messages.js';

test('in English the messages show as they came', () => {
  assert.equal(shownText('Name is required'), 'Name is required');
  assert.equal(shownText(undefined), undefined);
  assert.equal(shownSentences('Name is required. Whatever.'), 'Name is required. Whatever.');
});

test("in Tamil a schema's messages and a server's summary of them show in Tamil; unknown words stay English", async () => {
  await setLang('ta', { remember: false });
  try {
    assert.equal(shownText('Invalid email format'), 'மின்னஞ்சல் முகவரியின் வடிவம் தவறானது');
    assert.equal(shownText('Something else'), 'Something else');
    assert.equal(shownSentences('Name is required. Invalid email format.'), 'பெயர் தேவை. மின்னஞ்சல் முகவரியின் வடிவம் தவறானது.');
    assert.equal(shownSentences('Unknown field.'), 'அறியப்படாத புலம்.');
    assert.equal(shownSentences('Name is required. The moon is blue.'), null);
  } finally {
    await setLang('en', { remember: false });
  }
});
