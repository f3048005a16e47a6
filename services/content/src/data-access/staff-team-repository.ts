/**
 * The staff editor's reads and writes of team members and sponsors: two ordered lists of the same shape (a key,
 * a name, one picture with its alt text, a place in the list) with their own columns besides. Versions and
 * updated_at are set by the tables' trigger (migration 009) on every change but a move.
 */
import type { ImageMeta } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

export interface OrderedItemRow {
  key: string;
  name: string;
  image: string | null;
  image_meta: ImageMeta | null;
  image_alt: string;
  sort_order: number;
  version: number;
  updated_at: Date;
}

export interface TeamMemberRow extends OrderedItemRow {
  designation: string;
  description: string;
  /** The Tamil name, role and about; NULL is none (migration 011). */
  name_ta: string | null;
  designation_ta: string | null;
  description_ta: string | null;
}

export interface SponsorRow extends OrderedItemRow {
  link: string | null;
  name_ta: string | null;
}

/** A list's table and the columns it has besides the shared ones (written in this order). */
export interface OrderedTable {
  table: 'team_members' | 'sponsors';
  columns: readonly string[];
}

export const TEAM_TABLE: OrderedTable = { table: 'team_members', columns: ['designation', 'description', 'name_ta', 'designation_ta', 'description_ta'] };
export const SPONSOR_TABLE: OrderedTable = { table: 'sponsors', columns: ['link', 'name_ta'] };

function selected(spec: OrderedTable): string {
  return ['key', 'name', 'image', 'image_meta', 'image_alt', 'sort_order', 'version', 'updated_at', ...spec.columns].join(', ');
}

/** The list in display order (the public pages' order: sort_order, then name, then key). */
export async function orderedItems<R extends OrderedItemRow>(db: Db, spec: OrderedTable): Promise<R[]> {
  const { rows } = await db.query<R>(`SELECT ${selected(spec)} FROM ${spec.table} ORDER BY sort_order, name, key`);
  return rows;
}

/** The item with this key; `forUpdate` locks its row until the transaction ends. */
export async function orderedItem<R extends OrderedItemRow>(db: Db, spec: OrderedTable, key: string, forUpdate = false): Promise<R | undefined> {
  const { rows } = await db.query<R>(`SELECT ${selected(spec)} FROM ${spec.table} WHERE key = $1${forUpdate ? ' FOR UPDATE' : ''}`, [key]);
  return rows[0];
}

/** Keys already taken among `base`, `base-2`, `base-3`, … */
export async function orderedKeysLike(db: Db, spec: OrderedTable, base: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM ${spec.table} WHERE key = $1 OR key ~ ('^' || $1 || '-[0-9]+$')`, [base]);
  return rows.map((row) => row.key);
}

export interface OrderedItemWrite {
  name: string;
  imageAlt: string;
  /** image_meta with the alt text applied, or null without a picture. */
  imageMeta: ImageMeta | null;
  /** The table's own columns (OrderedTable.columns), in order. */
  values: readonly unknown[];
}

/** Adds an item after the last one; undefined when the key is taken meanwhile. fingerprint NULL: an import always rewrites it. */
export async function insertOrderedItem<R extends OrderedItemRow>(db: Db, spec: OrderedTable, key: string, item: OrderedItemWrite): Promise<R | undefined> {
  const own = spec.columns.map((_, i) => `$${i + 4}`).join(', ');
  const { rows } = await db.query<R>(
    `INSERT INTO ${spec.table} (key, name, image_alt, sort_order, ${spec.columns.join(', ')})
     VALUES ($1, $2, $3, (SELECT coalesce(max(sort_order), 0) + 1 FROM ${spec.table}), ${own})
     ON CONFLICT (key) DO NOTHING RETURNING ${selected(spec)}`,
    [key, item.name, item.imageAlt, ...item.values],
  );
  return rows[0];
}

export async function updateOrderedItem<R extends OrderedItemRow>(db: Db, spec: OrderedTable, key: string, item: OrderedItemWrite): Promise<R> {
  const own = spec.columns.map((column, i) => `${column} = $${i + 5}`).join(', ');
  const { rows } = await db.query<R>(
    `UPDATE ${spec.table} SET name = $2, image_alt = $3, image_meta = $4, ${own}, fingerprint = NULL WHERE key = $1 RETURNING ${selected(spec)}`,
    [key, item.name, item.imageAlt, item.imageMeta ? JSON.stringify(item.imageMeta) : null, ...item.values],
  );
  const row = rows[0];
  if (!row) throw new Error(`updateOrderedItem: no ${spec.table} ${key}`);
  return row;
}

export async function setOrderedItemImage<R extends OrderedItemRow>(db: Db, spec: OrderedTable, key: string, picture: { image: string; imageMeta: ImageMeta; imageHash: string }): Promise<R> {
  const { rows } = await db.query<R>(`UPDATE ${spec.table} SET image = $2, image_meta = $3, image_hash = $4, fingerprint = NULL WHERE key = $1 RETURNING ${selected(spec)}`, [
    key,
    picture.image,
    JSON.stringify(picture.imageMeta),
    picture.imageHash,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`setOrderedItemImage: no ${spec.table} ${key}`);
  return row;
}

export async function deleteOrderedItem(db: Db, spec: OrderedTable, key: string): Promise<void> {
  await db.query(`DELETE FROM ${spec.table} WHERE key = $1`, [key]);
}

/** Every key of the list, locked until the transaction ends (a reorder sees no item come or go). */
export async function lockedKeys(db: Db, spec: OrderedTable): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM ${spec.table} ORDER BY sort_order, name, key FOR UPDATE`);
  return rows.map((row) => row.key);
}

/** Places the items in this order (1, 2, 3, …); fingerprint NULL only where the place changed (an import rewrites those). */
export async function setOrder(db: Db, spec: OrderedTable, keys: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE ${spec.table} AS t SET sort_order = o.place, fingerprint = NULL
       FROM unnest($1::text[]) WITH ORDINALITY AS o(key, place)
      WHERE t.key = o.key AND t.sort_order IS DISTINCT FROM o.place`,
    [keys],
  );
}
