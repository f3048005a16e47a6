import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PoolClient } from '@tca/service-kit';
import { imageMetaOf, processImage, sha256, type ProcessedImage, type StoredVariant } from '../image-variants.js';
import { bumpRevision } from '../../data-access/content-revision-watcher.js';
import {
  beginTransaction,
  commitTransaction,
  deleteSectionItems,
  deleteUnusedImageSources,
  insertImageSource,
  insertImageVariant,
  lockImports,
  rollbackTransaction,
  sectionFingerprints,
  storedVariantsOf,
  upsertSectionItem,
} from '../../data-access/content-import-repository.js';
import { ContentFolderError, readContentFolder, SECTIONS, type ContentFolder, type ImageRef, type SectionName } from './content-folder.js';

export interface SectionReport {
  added: string[];
  changed: string[];
  unchanged: string[];
  /** Deleted because the folder no longer has them (with `prune`). */
  removed: string[];
  /** In the database but not in the folder, left in place (without `prune`). */
  kept: string[];
}

export interface ImportReport {
  dir: string;
  dryRun: boolean;
  /** Sections the folder had; the others were not touched. */
  sections: Partial<Record<SectionName, SectionReport>>;
  images: { processed: number; reused: number };
  /** The content revision after the import (unchanged when nothing changed). */
  revision: number;
  changed: boolean;
}

export interface ImportOptions {
  /** YYYY-MM-DD in Adelaide, for relative dates. */
  today: string;
  /** Delete items of an imported section that the folder does not have. */
  prune?: boolean;
  /** Validate and compare, then roll back. */
  dryRun?: boolean;
  /** Called before the import transaction, when the folder is valid and its images are processed. */
  onProgress?: (message: string) => void;
  /** Stops the import between pictures and before the transaction (it then throws the signal's reason; nothing is stored). */
  signal?: AbortSignal;
}

interface ResolvedImage {
  hash: string;
  variants: StoredVariant[];
}

/** Reads every image the folder uses, reuses what the database already has (by content hash), processes the rest. */
async function prepareImages(client: PoolClient, folder: ContentFolder, signal: AbortSignal | undefined): Promise<{ byFile: Map<string, ResolvedImage>; fresh: ProcessedImage[]; reused: number }> {
  const sources = new Map<string, { hash: string; bytes: Buffer }>();
  for (const file of folder.imageFiles) {
    const bytes = await readFile(join(folder.dir, 'images', file));
    sources.set(file, { hash: sha256(bytes), bytes });
  }
  const hashes = [...new Set([...sources.values()].map((s) => s.hash))];
  const rows = await storedVariantsOf(client, hashes);
  const known = new Map<string, StoredVariant[]>();
  for (const row of rows) {
    const list = known.get(row.source_hash) ?? [];
    list.push({ file: row.file, width: row.width, height: row.height });
    known.set(row.source_hash, list);
  }
  const byFile = new Map<string, ResolvedImage>();
  const processedByHash = new Map<string, ProcessedImage>();
  const problems: string[] = [];
  let reused = 0;
  for (const [file, { hash, bytes }] of sources) {
    const stored = known.get(hash);
    if (stored) {
      reused += 1;
      byFile.set(file, { hash, variants: stored });
      continue;
    }
    let processed = processedByHash.get(hash);
    if (!processed) {
      signal?.throwIfAborted();
      try {
        processed = await processImage(file, bytes);
      } catch (err) {
        problems.push(`images/${file}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      processedByHash.set(hash, processed);
    }
    byFile.set(file, { hash, variants: processed.variants });
  }
  if (problems.length > 0) throw new ContentFolderError(problems);
  return { byFile, fresh: [...processedByHash.values()], reused };
}

interface Row {
  key: string;
  /** Column values in the order of the section table's `columns` (SECTION_TABLES in the content import repository) ... */
  values: unknown[];
  /** ... then its Tamil columns' (`tamilColumns`), null where there is none. */
  tamil: Array<string | null>;
}

/**
 * What an item's fingerprint covers: its values, and its Tamil ones only when it has one, so an item without
 * Tamil keeps the fingerprint it was imported with before Tamil existed (re-importing it changes nothing).
 */
function fingerprintOf(row: Row): string {
  return sha256(JSON.stringify(row.tamil.some((text) => text !== null) ? [...row.values, ...row.tamil] : row.values));
}

function singleImage(ref: ImageRef | null, images: Map<string, ResolvedImage>): [string | null, string | null, string | null] {
  const resolved = ref ? images.get(ref.file) : undefined;
  if (!ref || !resolved) return [null, null, null];
  const meta = imageMetaOf(resolved.variants, ref.alt);
  return [meta.file, JSON.stringify(meta), resolved.hash];
}

function imageList(refs: readonly ImageRef[], images: Map<string, ResolvedImage>): [string[], string, string[]] {
  const metas = refs.flatMap((ref) => {
    const resolved = images.get(ref.file);
    return resolved ? [{ meta: imageMetaOf(resolved.variants, ref.alt), hash: resolved.hash }] : [];
  });
  return [metas.map((m) => m.meta.file), JSON.stringify(metas.map((m) => m.meta)), metas.map((m) => m.hash)];
}

/** The rows each section of the folder wants, in table column order. */
function rowsOf(folder: ContentFolder, images: Map<string, ResolvedImage>): Partial<Record<SectionName, Row[]>> {
  return {
    posts: folder.posts?.map((p) => ({
      key: p.key,
      values: [p.name, p.body, p.publishedAt.toISOString(), ...singleImage(p.image, images), p.status, p.publishAt?.toISOString() ?? null, p.imageAlt],
      tamil: [p.ta.name ?? null, p.ta.body ?? null],
    })),
    events: folder.events?.map((e) => {
      const [files, meta, hashes] = imageList(e.images, images);
      return {
        key: e.key,
        values: [e.name, e.description, e.date, e.endDate, e.time, e.location, files, meta, hashes, e.eventLink, e.status],
        tamil: [e.ta.name ?? null, e.ta.description ?? null, e.ta.location ?? null],
      };
    }),
    team: folder.team?.map((m) => ({
      key: m.key,
      values: [m.name, m.designation, m.description, m.order, ...singleImage(m.image, images), m.imageAlt],
      tamil: [m.ta.name ?? null, m.ta.designation ?? null, m.ta.description ?? null],
    })),
    sponsors: folder.sponsors?.map((s) => ({ key: s.key, values: [s.name, s.link, s.order, ...singleImage(s.image, images), s.imageAlt], tamil: [s.ta.name ?? null] })),
    gallery: folder.gallery?.map((g) => {
      const [files, meta, hashes] = imageList(g.images, images);
      return { key: g.key, values: [g.name, g.date, files, meta, hashes], tamil: [g.ta.name ?? null] };
    }),
  };
}

async function importSection(client: PoolClient, section: SectionName, rows: Row[], prune: boolean): Promise<SectionReport> {
  const report: SectionReport = { added: [], changed: [], unchanged: [], removed: [], kept: [] };
  const existing = await sectionFingerprints(client, section);
  const fingerprints = new Map(existing.map((row) => [row.key, row.fingerprint]));
  for (const row of rows) {
    const fingerprint = fingerprintOf(row);
    const before = fingerprints.get(row.key);
    if (before === fingerprint) {
      report.unchanged.push(row.key);
      continue;
    }
    await upsertSectionItem(client, section, row.key, [...row.values, ...row.tamil], fingerprint);
    (fingerprints.has(row.key) ? report.changed : report.added).push(row.key);
  }
  const wanted = new Set(rows.map((row) => row.key));
  const absent = existing.map((row) => row.key).filter((k) => !wanted.has(k)).sort();
  if (prune && absent.length > 0) {
    await deleteSectionItems(client, section, absent);
    report.removed = absent;
  } else {
    report.kept = absent;
  }
  return report;
}

/**
 * Imports a content folder in one transaction on `client` (not inside another transaction): either all of it
 * or, on any problem, nothing. Items are matched by key; unchanged ones are left alone. Imports are
 * serialised by a transaction advisory lock; a change bumps the content revision, which tells every running
 * service (NOTIFY) to serve the new content.
 */
export async function importContent(client: PoolClient, dir: string, options: ImportOptions): Promise<ImportReport> {
  const folder = await readContentFolder(dir, options.today);
  const { byFile, fresh, reused } = await prepareImages(client, folder, options.signal);
  options.onProgress?.(`folder is valid; ${fresh.length} new ${fresh.length === 1 ? 'picture' : 'pictures'} processed, ${reused} already stored`);
  const wanted = rowsOf(folder, byFile);

  options.signal?.throwIfAborted();
  await beginTransaction(client);
  try {
    await lockImports(client);
    for (const image of fresh) {
      await insertImageSource(client, image);
      for (const variant of image.variants) {
        await insertImageVariant(client, { file: variant.file, sourceHash: image.hash, width: variant.width, height: variant.height, contentType: 'image/webp', bytes: variant.bytes });
      }
    }
    const sections: Partial<Record<SectionName, SectionReport>> = {};
    for (const section of SECTIONS) {
      const rows = wanted[section];
      if (rows) sections[section] = await importSection(client, section, rows, options.prune ?? false);
    }
    const changed = Object.values(sections).some((s) => s.added.length + s.changed.length + s.removed.length > 0);
    if (changed) await deleteUnusedImageSources(client);
    const revision = await bumpRevision(client, changed);
    await (options.dryRun ? rollbackTransaction(client) : commitTransaction(client));
    return { dir, dryRun: options.dryRun ?? false, sections, images: { processed: fresh.length, reused }, revision, changed };
  } catch (err) {
    await rollbackTransaction(client).catch(() => undefined);
    throw err;
  }
}
