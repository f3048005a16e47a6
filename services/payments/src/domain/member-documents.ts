import { AppError, NotFoundError, type Logger, type Pool } from '@tca/service-kit';
import { insertDocument, readDocument, type DocumentType, type StoredDocument } from '../data-access/document-repository.js';

/** What a file is, by its first bytes (never by its name or the browser's claim): PDF, JPEG or PNG, else undefined. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | undefined {
  const starts = (signature: readonly number[]) => bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return undefined;
}

const EXTENSIONS: Record<DocumentType, { add: string; accepted: RegExp }> = {
  'application/pdf': { add: '.pdf', accepted: /\.pdf$/i },
  'image/jpeg': { add: '.jpg', accepted: /\.jpe?g$/i },
  'image/png': { add: '.png', accepted: /\.png$/i },
};

/**
 * The name to keep: the last path segment the browser sent, without control characters, at most 255
 * characters, ending in an extension that matches what the file is (`passport` → `passport.pdf`,
 * `scan.png` holding a JPEG → `scan.jpg`).
 */
export function cleanFileName(original: string, type: DocumentType): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const { add, accepted } = EXTENSIONS[type];
  if (accepted.test(base) && base.length <= 255) return base;
  const stem = (accepted.test(base) ? base.replace(/\.[^.]*$/, '') : base.replace(/\.(pdf|jpe?g|png)$/i, '')).slice(0, 255 - add.length) || 'document';
  return `${stem}${add}`;
}

export interface MemberDocumentsDeps {
  pool: Pool;
  logger: Logger;
}

/**
 * A member's passport or supporting document: PDF, JPEG or PNG by its bytes (anything else is 415), stored
 * in PostgreSQL with its owner under a clean name, for the membership submission to refer to.
 */
export async function storeMemberDocument(deps: MemberDocumentsDeps, ownerId: string, file: { originalName: string; bytes: Buffer }): Promise<StoredDocument> {
  const type = sniffDocumentType(file.bytes);
  if (!type) throw new AppError(415, 'unsupported_type', 'Upload a PDF, JPEG or PNG file.', { file: 'PDF, JPEG or PNG only' });
  const stored = await insertDocument(deps.pool, ownerId, cleanFileName(file.originalName, type), type, file.bytes);
  deps.logger.info({ documentId: stored.id, type, size: stored.size }, 'member document stored');
  return stored;
}

/** The owner's document with its bytes; 404 when it does not exist or is someone else's. */
export async function readMemberDocument(deps: Pick<MemberDocumentsDeps, 'pool'>, ownerId: string, id: string): Promise<StoredDocument & { data: Buffer }> {
  const document = await readDocument(deps.pool, ownerId, id);
  if (!document) throw new NotFoundError('No document with that id.');
  return document;
}
