import { createHash } from 'node:crypto';
import type { DOCUMENT_TYPES, DocumentRef } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface StoredDocument {
  id: string;
  fileName: string;
  type: DocumentType;
  size: number;
}

export async function insertDocument(db: Pool | PoolClient, owner: string, fileName: string, type: DocumentType, data: Buffer): Promise<StoredDocument> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO member_documents (owner_user_id, file_name, content_type, size, sha256, data) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [owner, fileName, type, data.length, sha256, data],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('INSERT … RETURNING gave no row');
  return { id, fileName, type, size: data.length };
}

/** The owner's document with its bytes; undefined when it does not exist or is someone else's. */
export async function readDocument(db: Pool | PoolClient, owner: string, id: string): Promise<(StoredDocument & { data: Buffer }) | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<{ id: string; file_name: string; content_type: DocumentType; size: number; data: Buffer }>(
    'SELECT id, file_name, content_type, size, data FROM member_documents WHERE id = $1 AND owner_user_id = $2',
    [id, owner],
  );
  const row = rows[0];
  return row ? { id: row.id, fileName: row.file_name, type: row.content_type, size: row.size, data: row.data } : undefined;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The owner's stored references among `refs` (keyed by lower-case id, with their stored names), and the ids
 * that are not the owner's (unknown, malformed or someone else's).
 */
export async function ownedDocuments(db: Pool | PoolClient, owner: string, refs: readonly DocumentRef[]): Promise<{ found: Map<string, DocumentRef>; missing: string[] }> {
  const ids = [...new Set(refs.map((ref) => ref.id.toLowerCase()))];
  const valid = ids.filter((id) => UUID.test(id));
  const found = new Map<string, DocumentRef>();
  if (valid.length > 0) {
    const { rows } = await db.query<{ id: string; file_name: string }>('SELECT id, file_name FROM member_documents WHERE id = ANY($1::uuid[]) AND owner_user_id = $2', [valid, owner]);
    for (const row of rows) found.set(row.id, { id: row.id, fileName: row.file_name });
  }
  return { found, missing: ids.filter((id) => !found.has(id)) };
}

export interface DocumentSummary {
  id: string;
  fileName: string;
  type: DocumentType;
  size: number;
  ownerUserId: string;
  createdAt: Date;
}

interface DocumentSummaryRow {
  id: string;
  file_name: string;
  content_type: DocumentType;
  size: number;
  owner_user_id: string;
  created_at: Date;
}

const toSummary = (row: DocumentSummaryRow): DocumentSummary => ({ id: row.id, fileName: row.file_name, type: row.content_type, size: row.size, ownerUserId: row.owner_user_id, createdAt: row.created_at });

/** A member's documents (without their bytes), newest first: what the members desk lists. */
export async function documentsOfOwner(db: Pool | PoolClient, owner: string, limit: number): Promise<DocumentSummary[]> {
  const { rows } = await db.query<DocumentSummaryRow>(
    'SELECT id, file_name, content_type, size, owner_user_id, created_at FROM member_documents WHERE owner_user_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    [owner, limit],
  );
  return rows.map(toSummary);
}

/** Any member's document with its bytes (staff only); undefined when there is none with this id. */
export async function readAnyDocument(db: Pool | PoolClient, id: string): Promise<(DocumentSummary & { data: Buffer }) | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<DocumentSummaryRow & { data: Buffer }>('SELECT id, file_name, content_type, size, owner_user_id, created_at, data FROM member_documents WHERE id = $1', [id]);
  const row = rows[0];
  return row ? { ...toSummary(row), data: row.data } : undefined;
}
