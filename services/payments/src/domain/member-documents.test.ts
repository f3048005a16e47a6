import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanFileName, sniffDocumentType } from './member-documents.js';

describe('document types by content', () => {
  it('knows PDF, JPEG and PNG by their first bytes, and nothing else', () => {
    assert.equal(sniffDocumentType(Buffer.from('%PDF-1.4 ...')), 'application/pdf');
    assert.equal(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])), 'image/jpeg');
    assert.equal(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])), 'image/png');
    assert.equal(sniffDocumentType(Buffer.from('GIF89a')), undefined);
    assert.equal(sniffDocumentType(Buffer.from('<html><body>%PDF-')), undefined);
    assert.equal(sniffDocumentType(Buffer.alloc(0)), undefined);
  });

  it('keeps a clean name whose extension matches the content', () => {
    assert.equal(cleanFileName('passport.PDF', 'application/pdf'), 'passport.PDF');
    assert.equal(cleanFileName('C:\\Users\\me\\scan.jpeg', 'image/jpeg'), 'scan.jpeg');
    assert.equal(cleanFileName('../../etc/photo.png', 'image/jpeg'), 'photo.jpg');
    assert.equal(cleanFileName('no extension', 'application/pdf'), 'no extension.pdf');
    assert.equal(cleanFileName('\u0000\u001f', 'image/png'), 'document.png');
    assert.equal(cleanFileName('தமிழ் கடவுச்சீட்டு.pdf', 'application/pdf'), 'தமிழ் கடவுச்சீட்டு.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.pdf`, 'application/pdf');
    assert.equal(long.length, 255);
    assert.ok(long.endsWith('.pdf'));
  });
});
