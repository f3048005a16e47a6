import { uploadUrl, type ContentAuditAction, type StaffPostCover } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import { deleteUnusedImageSources } from '../../data-access/content-import-repository.js';
import { insertAudit } from '../../data-access/staff-posts-repository.js';
import {
  deleteOrderedItem,
  insertOrderedItem,
  lockedKeys,
  orderedItem,
  orderedItems,
  orderedKeysLike,
  setOrder,
  setOrderedItemImage,
  updateOrderedItem,
  type OrderedItemRow,
  type OrderedTable,
} from '../../data-access/staff-team-repository.js';
import { imageMetaOf } from '../image-variants.js';
import { inChange, keyBase, processUpload, quote, storeProcessedImage, type Actor } from '../staff-posts/staff-posts.js';

/**
 * An ordered list edited by staff (issue 14): team members and sponsors. Every change runs in one transaction
 * holding the import lock (edits and folder imports never interleave), writes an audit entry and bumps the
 * content revision, so /team, /about and the home page's sponsors show it at once. Item versions (set by the
 * tables' trigger) detect an edit made on a stale copy; a reorder must name exactly the items that exist.
 */

/** The item the request names does not exist (any more). */
export class ItemNotFoundError extends Error {
  override readonly name = 'ItemNotFoundError';
}

/** The request was made from an older version: the item as it is now, and the fields that differ from the request. */
export class StaleItemError<I> extends Error {
  override readonly name = 'StaleItemError';
  constructor(
    readonly current: I,
    readonly changed: string[],
  ) {
    super('stale version');
  }
}

/** A reorder that does not name exactly the items that exist now: the list as it is. */
export class StaleOrderError<I> extends Error {
  override readonly name = 'StaleOrderError';
  constructor(readonly current: I[]) {
    super('stale order');
  }
}

/** What a list's fields have in common: a name and the picture's alt text. */
export interface OrderedItemFields {
  name: string;
  imageAlt: string;
}

/** How one list differs from the other: its table, its own fields, its answer shape and its audit words. */
export interface OrderedListSpec<F extends OrderedItemFields, R extends OrderedItemRow, I> {
  table: OrderedTable;
  /** `team` / `sponsor`: the audit entry's target prefix and the key made of an empty name. */
  noun: string;
  actions: { created: ContentAuditAction; updated: ContentAuditAction; deleted: ContentAuditAction; pictureChanged: ContentAuditAction; reordered: ContentAuditAction };
  /** The values of `table.columns` for these fields; `stored` is the item an update changes (the Tamil a request without `ta` keeps). */
  valuesOf(fields: F, stored?: R): unknown[];
  /** The answer for a row (`picture` is the stored image, or null). */
  itemOf(row: R, picture: StaffPostCover | null): I;
  /** The list's own fields of a row, by request field name, compared for the 409's `changed` and the audit summary. */
  ownFields(row: R): Record<string, string | null>;
  /** The same for a request (the Tamil ones, `ta.<field>`, only when it sent `ta`). */
  ownFieldsOf(fields: F): Record<string, string | null>;
}

function pictureOf(row: OrderedItemRow): StaffPostCover | null {
  const meta = row.image_meta;
  return row.image && meta ? { url: uploadUrl(row.image), file: row.image, alt: meta.alt, width: meta.width, height: meta.height } : null;
}

function comparable<F extends OrderedItemFields, R extends OrderedItemRow, I>(spec: OrderedListSpec<F, R, I>, row: R): Record<string, string | null> {
  return { name: row.name, imageAlt: row.image_alt, ...spec.ownFields(row) };
}

function describe(text: string | null): string {
  return text === null ? 'none' : quote(text);
}

export class OrderedList<F extends OrderedItemFields, R extends OrderedItemRow, I> {
  constructor(
    private readonly pool: Pool,
    private readonly spec: OrderedListSpec<F, R, I>,
  ) {}

  private itemOf(row: R): I {
    return this.spec.itemOf(row, pictureOf(row));
  }

  async list(): Promise<I[]> {
    return (await orderedItems<R>(this.pool, this.spec.table)).map((row) => this.itemOf(row));
  }

  async get(key: string): Promise<I | undefined> {
    const row = await orderedItem<R>(this.pool, this.spec.table, key);
    return row ? this.itemOf(row) : undefined;
  }

  private async audit(client: PoolClient, actor: Actor, action: ContentAuditAction, key: string | null, summary: string): Promise<void> {
    await insertAudit(client, { actorUserId: actor.userId, actorEmail: actor.email, action, target: key ? `${this.spec.noun}:${key}` : this.spec.noun, summary, ip: actor.ip });
  }

  /** Locks the item and checks the version the request was made from. */
  private async lockedAtVersion(client: PoolClient, key: string, version: number, fields?: F): Promise<R> {
    const row = await orderedItem<R>(client, this.spec.table, key, true);
    if (!row) throw new ItemNotFoundError(key);
    if (row.version !== version) {
      const now = comparable(this.spec, row);
      const wanted: Record<string, string | null> = fields ? { name: fields.name, imageAlt: fields.imageAlt, ...this.spec.ownFieldsOf(fields) } : {};
      throw new StaleItemError(this.itemOf(row), Object.keys(wanted).filter((field) => wanted[field] !== now[field]));
    }
    return row;
  }

  /** Adds the item at the end of the list; its key is made from the name, unique. */
  async create(fields: F, actor: Actor): Promise<I> {
    // A name with no Latin letter or digit (say, in Tamil script) gets the list's noun as its key.
    const base = /[a-z0-9]/i.test(fields.name.normalize('NFKD')) ? keyBase(fields.name) : this.spec.noun;
    return inChange(this.pool, async (client) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const taken = new Set(await orderedKeysLike(client, this.spec.table, base));
        let key = base;
        for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
        const row = await insertOrderedItem<R>(client, this.spec.table, key, { name: fields.name, imageAlt: fields.imageAlt, imageMeta: null, values: this.spec.valuesOf(fields) });
        if (!row) continue;
        await this.audit(client, actor, this.spec.actions.created, key, `${quote(row.name)}, place ${row.sort_order}`);
        return { result: this.itemOf(row), changed: true };
      }
      throw new Error(`no free key for ${base}`);
    });
  }

  async update(key: string, version: number, fields: F, actor: Actor): Promise<I> {
    return inChange(this.pool, async (client) => {
      const before = await this.lockedAtVersion(client, key, version, fields);
      const imageMeta = before.image_meta ? { ...before.image_meta, alt: fields.imageAlt } : null;
      const after = await updateOrderedItem<R>(client, this.spec.table, key, { name: fields.name, imageAlt: fields.imageAlt, imageMeta, values: this.spec.valuesOf(fields, before) });
      const was = comparable(this.spec, before);
      const now = comparable(this.spec, after);
      const parts = Object.keys(now)
        .filter((field) => was[field] !== now[field])
        .map((field) => `${field} ${describe(was[field] ?? null)} -> ${describe(now[field] ?? null)}`);
      await this.audit(client, actor, this.spec.actions.updated, key, parts.length > 0 ? parts.join('; ') : 'saved without changes');
      return { result: this.itemOf(after), changed: true };
    });
  }

  async remove(key: string, version: number, actor: Actor): Promise<void> {
    await inChange(this.pool, async (client) => {
      const before = await this.lockedAtVersion(client, key, version);
      await deleteOrderedItem(client, this.spec.table, key);
      await deleteUnusedImageSources(client);
      await this.audit(client, actor, this.spec.actions.deleted, key, `${quote(before.name)}, was at place ${before.sort_order}`);
      return { result: undefined, changed: true };
    });
  }

  /**
   * Puts the list in this order. `keys` must be exactly the items that exist (StaleOrderError with the list
   * otherwise); moving items leaves their versions alone.
   */
  async reorder(keys: readonly string[], actor: Actor): Promise<I[]> {
    return inChange(this.pool, async (client) => {
      const current = await lockedKeys(client, this.spec.table);
      const wanted = new Set(keys);
      if (current.length !== keys.length || current.some((key) => !wanted.has(key))) {
        throw new StaleOrderError((await orderedItems<R>(client, this.spec.table)).map((row) => this.itemOf(row)));
      }
      const moved = keys.some((key, index) => current[index] !== key);
      if (moved) {
        await setOrder(client, this.spec.table, keys);
        const shown = keys.length > 12 ? `${keys.slice(0, 12).join(', ')}, …` : keys.join(', ');
        await this.audit(client, actor, this.spec.actions.reordered, null, `${current.slice(0, 12).join(', ')} -> ${shown}`);
      }
      const rows = await orderedItems<R>(client, this.spec.table);
      return { result: rows.map((row) => this.itemOf(row)), changed: moved };
    });
  }

  /** A new picture through the sharp pipeline (variants stored like an import's); `fileName` gives its kind. */
  async setPicture(key: string, version: number, upload: { fileName: string; bytes: Buffer }, actor: Actor): Promise<I> {
    // Fails early without the slow processing when the item is gone or the copy stale.
    const current = await orderedItem<R>(this.pool, this.spec.table, key);
    if (!current) throw new ItemNotFoundError(key);
    if (current.version !== version) throw new StaleItemError(this.itemOf(current), []);
    const processed = await processUpload(upload);
    return inChange(this.pool, async (client) => {
      const before = await this.lockedAtVersion(client, key, version);
      await storeProcessedImage(client, processed);
      const meta = imageMetaOf(processed.variants, before.image_alt);
      const after = await setOrderedItemImage<R>(client, this.spec.table, key, { image: meta.file, imageMeta: meta, imageHash: processed.hash });
      await deleteUnusedImageSources(client);
      await this.audit(client, actor, this.spec.actions.pictureChanged, key, `${before.image ?? 'no picture'} -> ${meta.file} (${meta.width}x${meta.height})`);
      return { result: this.itemOf(after), changed: true };
    });
  }
}
