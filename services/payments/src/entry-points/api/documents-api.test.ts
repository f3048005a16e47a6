import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_MAX_BYTES, documentUploadAnswerSchema, type DocumentRef } from '@tca/contracts';
import { call, Closers, memberDetails, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

describe('member documents', { timeout: 120_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  before(async () => {
    stack = await startPaymentsStack(closers);
  });
  after(() => closers.closeAll());

  async function upload(token: string | undefined, bytes: Buffer, name: string, field = 'file'): Promise<{ status: number; body: Record<string, unknown> }> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
    const res = await fetch(`${stack.url}/membership/documents`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('stores a PDF for its owner, recognised by its bytes, and gives it back to the owner only', async () => {
    const owner = stack.identity.issue();
    const res = await upload(owner.token, PDF, 'Passport scan');
    assert.equal(res.status, 201);
    const answer = documentUploadAnswerSchema.parse(res.body);
    assert.equal(answer.type, 'application/pdf');
    assert.equal(answer.size, PDF.length);
    assert.equal(answer.fileName, 'Passport scan.pdf');

    const back = await fetch(`${stack.url}/membership/documents/${answer.id}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    assert.equal(back.status, 200);
    assert.equal(back.headers.get('content-type'), 'application/pdf');
    assert.match(back.headers.get('content-disposition') ?? '', /^attachment; filename="Passport scan.pdf"/);
    assert.equal(back.headers.get('cache-control'), 'private, no-store');
    assert.deepEqual(Buffer.from(await back.arrayBuffer()), PDF);

    const stranger = stack.identity.issue();
    assert.equal((await fetch(`${stack.url}/membership/documents/${answer.id}`, { headers: { Authorization: `Bearer ${stranger.token}` } })).status, 404);
    assert.equal((await fetch(`${stack.url}/membership/documents/${answer.id}`)).status, 401);
    assert.equal((await fetch(`${stack.url}/membership/documents/not-a-uuid`, { headers: { Authorization: `Bearer ${owner.token}` } })).status, 404);
  });

  it('needs a login, one file in the field "file", at most 5 MB, PDF, JPEG or PNG by content', async () => {
    const who = stack.identity.issue();
    const anonymous = await upload(undefined, PDF, 'a.pdf');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.message, 'Please log in before proceeding');

    const text = await upload(who.token, Buffer.from('just text, named like a pdf'), 'fake.pdf');
    assert.equal(text.status, 415);
    assert.equal(text.body.error, 'unsupported_type');

    const big = await upload(who.token, Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]), 'big.pdf');
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'file_too_large');

    const wrongField = await upload(who.token, PDF, 'a.pdf', 'passport');
    assert.equal(wrongField.status, 400);

    const none = await call(`${stack.url}/membership/documents`, { token: who.token, body: { file: 'nope' } });
    assert.equal(none.status, 400);

    const renamed = await upload(who.token, PNG, 'photo.jpg');
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.fileName, 'photo.png');
    assert.equal(renamed.body.type, 'image/png');
  });

  it('accepts only the buyer’s own documents in a membership checkout, with their stored names', async () => {
    const owner = stack.identity.issue();
    const stranger = stack.identity.issue();
    const mine = documentUploadAnswerSchema.parse((await upload(owner.token, PDF, 'passport.pdf')).body);
    const theirs = documentUploadAnswerSchema.parse((await upload(stranger.token, PNG, 'theirs.png')).body);
    const body = (passport: DocumentRef, supportingDocuments: DocumentRef[]) => ({
      productName: 'Silver-Single',
      price: 10,
      customerEmail: owner.user.email,
      membership: memberDetails(owner.user.email, { passport, supportingDocuments }),
    });

    const refused = await call(`${stack.url}/create-checkout-session`, { token: owner.token, body: body({ id: mine.id, fileName: 'passport.pdf' }, [{ id: theirs.id, fileName: 'x.png' }]) });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, 'unknown_document');

    const accepted = await call(`${stack.url}/create-checkout-session`, { token: owner.token, body: body({ id: mine.id, fileName: 'renamed-by-browser.pdf' }, []) });
    assert.equal(accepted.status, 200);
    const stored = (await stack.pool.query<{ member_details: { passport: DocumentRef } }>('SELECT member_details FROM checkout_orders WHERE user_id = $1', [owner.user.id])).rows[0];
    assert.deepEqual(stored?.member_details.passport, { id: mine.id, fileName: 'passport.pdf' });
  });
});
