import assert from 'node:assert/strict';
import { test } from 'node:test';
import { missingFieldsMessage, SUBMISSION_NOT_ALLOWED } from '@tca/contracts';
import { detailsText } from './messages.js';

// The page in English (no Tamil catalog is loaded in node): every message stays as it came.
test('in English, the §5 messages show unchanged', () => {
  const missing = missingFieldsMessage(['firstName', 'gender']);
  assert.equal(detailsText(missing), 'Please fill in all required fields: First Name, Gender');
  assert.equal(detailsText('Postal Code must be 4 digits'), 'Postal Code must be 4 digits');
  assert.equal(detailsText(SUBMISSION_NOT_ALLOWED.title), 'Submission Not Allowed');
  assert.equal(detailsText('A server message'), 'A server message');
});
