import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, type DocumentRef } from '@tca/contracts';
import { tooManyText, type FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { detailsCatalog } from './messages.js';

/**
 * Passport and supporting documents (spec §3 submission): PDF, JPEG or PNG up to 5 MB each, at most
 * 5 supporting documents. They are checked here before the upload and again by the server, which
 * stores them (POST /membership/documents) and answers a reference the submission carries. Texts are
 * in the language shown (`membership.details`).
 */

export const MAX_SUPPORTING_DOCUMENTS = 5;
export const DOCUMENT_ACCEPT = [...DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

const EXTENSION_TYPES: Record<string, (typeof DOCUMENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The file's type as the server will check it: the browser's, or from the extension when the browser gives none. */
export function documentType(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** Why this file cannot be uploaded, or null when it can. */
export function documentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const t = translator(detailsCatalog);
  if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType(file))) return t('doc.type', { file: file.name });
  if (file.size === 0) return t('doc.empty', { file: file.name });
  if (file.size > DOCUMENT_MAX_BYTES) return t('doc.large', { file: file.name, mb: DOCUMENT_MAX_MB });
  return null;
}

/** What a failed upload shows. */
export function uploadFailureText(fileName: string, result: FailedResult): string {
  const t = translator(detailsCatalog);
  if (result.kind === 'network') return t('doc.noAnswer', { file: fileName });
  if (result.status === 429) return t('doc.tooOften', { file: fileName, detail: tooManyText(result) });
  const server = result.error?.message?.trim();
  return server ? t('doc.server', { file: fileName, detail: server }) : t('doc.failed', { file: fileName });
}

/** 1536 → "1.5 KB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** The supporting documents after adding some: de-duplicated by id, at most the maximum. */
export function addDocuments(current: readonly DocumentRef[], added: readonly DocumentRef[]): DocumentRef[] {
  const next = [...current];
  for (const document of added) if (!next.some((held) => held.id === document.id)) next.push(document);
  return next.slice(0, MAX_SUPPORTING_DOCUMENTS);
}

export interface UploadedDocument {
  /** What the submission carries. */
  ref: DocumentRef;
  size: number | null;
}

/** The answer of POST /membership/documents, or null when it is not one (extra fields are ignored). */
export function uploadedDocument(body: unknown): UploadedDocument | null {
  if (typeof body !== 'object' || body === null) return null;
  const { id, fileName, size } = body as { id?: unknown; fileName?: unknown; size?: unknown };
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  if (typeof fileName !== 'string' || fileName === '' || fileName.length > 255) return null;
  return { ref: { id, fileName }, size: typeof size === 'number' && Number.isFinite(size) ? size : null };
}
