import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOCUMENT_MAX_BYTES } from '@tca/contracts';
import { addDocuments, documentProblem, documentType, formatBytes, MAX_SUPPORTING_DOCUMENTS, uploadFailureText } from './documents.js';

test('PDF, JPEG and PNG up to 5 MB are accepted; other types, empty and larger files are not', () => {
  assert.equal(documentProblem({ name: 'p.pdf', type: 'application/pdf', size: 1000 }), null);
  assert.equal(documentProblem({ name: 'p.png', type: 'image/png', size: DOCUMENT_MAX_BYTES }), null);
  assert.equal(documentProblem({ name: 'p.gif', type: 'image/gif', size: 10 }), 'p.gif: only PDF, JPEG or PNG files can be uploaded.');
  assert.equal(documentProblem({ name: 'big.jpg', type: 'image/jpeg', size: DOCUMENT_MAX_BYTES + 1 }), 'big.jpg: the file is larger than 5 MB.');
  assert.equal(documentProblem({ name: 'e.pdf', type: 'application/pdf', size: 0 }), 'e.pdf: the file is empty.');
});

test('a file the browser gives no type is judged by its extension', () => {
  assert.equal(documentType({ name: 'SCAN.JPEG', type: '' }), 'image/jpeg');
  assert.equal(documentType({ name: 'notes', type: '' }), '');
  assert.equal(documentProblem({ name: 'scan.pdf', type: '', size: 5 }), null);
});

test('upload failures say what happened', () => {
  assert.equal(uploadFailureText('p.pdf', { kind: 'network', message: 'x' }), 'p.pdf could not be uploaded: no response from the server. Please try again.');
  assert.equal(
    uploadFailureText('p.pdf', { kind: 'http', status: 400, statusText: '', error: { error: 'bad_type', message: 'Only PDF, JPEG or PNG.' }, retryAfter: null }),
    'p.pdf could not be uploaded: Only PDF, JPEG or PNG.',
  );
  assert.equal(uploadFailureText('p.pdf', { kind: 'http', status: 500, statusText: '', error: null, retryAfter: null }), 'p.pdf could not be uploaded. Please try again.');
});

test('supporting documents are kept once each and at most five', () => {
  const doc = (id: string) => ({ id, fileName: `${id}.pdf` });
  assert.deepEqual(addDocuments([doc('a')], [doc('a'), doc('b')]), [doc('a'), doc('b')]);
  assert.equal(addDocuments([], ['1', '2', '3', '4', '5', '6'].map(doc)).length, MAX_SUPPORTING_DOCUMENTS);
});

test('sizes read for people', () => {
  assert.equal(formatBytes(900), '900 bytes');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(2.5 * 1024 * 1024), '2.5 MB');
});

test('an upload answer gives the reference the submission carries, and nothing more', async () => {
  const { uploadedDocument } = await import('./documents.js');
  assert.deepEqual(uploadedDocument({ id: 'doc_1', fileName: 'passport.pdf', type: 'application/pdf', size: 1234, extra: true }), {
    ref: { id: 'doc_1', fileName: 'passport.pdf' },
    size: 1234,
  });
  assert.deepEqual(uploadedDocument({ id: 'doc_1', fileName: 'p.pdf' }), { ref: { id: 'doc_1', fileName: 'p.pdf' }, size: null });
  assert.equal(uploadedDocument({ id: '', fileName: 'p.pdf' }), null);
  assert.equal(uploadedDocument({ fileName: 'p.pdf' }), null);
  assert.equal(uploadedDocument(null), null);
});
