import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import sharp from 'sharp';
import type { ImageMeta } from '@tca/contracts';

/** Widths of the stored variants, capped at the source's own width (vector sources get them all). */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
export const VARIANT_CONTENT_TYPE = 'image/webp';
/** A stored variant's name: `<stem>-<width>-<hash of its bytes>.webp`. */
export const VARIANT_FILE_RE = /^[a-z0-9][a-z0-9-]{0,120}\.webp$/;

export const SOURCE_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export interface StoredVariant {
  file: string;
  width: number;
  height: number;
}

export interface ProcessedVariant extends StoredVariant {
  bytes: Buffer;
}

export interface ProcessedImage {
  /** sha256 of the source bytes. */
  hash: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  /** Smallest first. */
  variants: ProcessedVariant[];
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The source's name, reduced to what a variant file name may contain. */
function stemOf(fileName: string): string {
  const base = fileName.slice(0, fileName.length - extname(fileName).length);
  const stem = base
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem || 'image';
}

/** The widths to store for a source `sourceWidth` wide (Infinity: vector). */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < sourceWidth);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1280;
  if (sourceWidth <= largest) widths.push(sourceWidth);
  return widths;
}

/**
 * Decodes a source picture (SVG, PNG, JPEG or WebP) and makes its WebP variants. SVGs are rasterised at a
 * density that gives the largest width sharply; raster sources are turned upright (EXIF) and never enlarged.
 * Throws with a readable message when the bytes are not a picture of the kind the name says.
 */
export async function processImage(fileName: string, bytes: Buffer): Promise<ProcessedImage> {
  const ext = extname(fileName).toLowerCase();
  const contentType = SOURCE_TYPES[ext];
  if (!contentType) throw new Error(`unsupported image type "${ext || '(none)'}"; use ${Object.keys(SOURCE_TYPES).join(' ')}`);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw new Error(`not a readable image (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  const vector = meta.format === 'svg';
  if ((ext === '.svg') !== vector) throw new Error(`the file is ${meta.format ?? 'unknown'} data, not what its extension ${ext} says`);
  const rotated = (meta.orientation ?? 1) >= 5;
  const naturalWidth = (rotated ? meta.height : meta.width) ?? 0;
  if (naturalWidth <= 0) throw new Error('the image has no width');

  const widths = variantWidths(vector ? Number.POSITIVE_INFINITY : naturalWidth);
  const largest = widths[widths.length - 1] ?? naturalWidth;
  // sharp renders SVG at 72 dpi by default: scale the density so the largest variant is drawn, not enlarged.
  const density = vector ? Math.min(100_000, Math.max(72, Math.ceil((72 * largest) / naturalWidth))) : undefined;
  const stem = stemOf(fileName);
  const variants: ProcessedVariant[] = [];
  for (const width of widths) {
    const { data, info } = await sharp(bytes, density === undefined ? {} : { density })
      .rotate()
      .resize({ width, withoutEnlargement: !vector })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ file: `${stem}-${info.width}-${sha256(data).slice(0, 16)}.webp`, width: info.width, height: info.height, bytes: data });
  }
  return { hash: sha256(bytes), fileName, contentType, bytes, variants };
}

/** The API's `imageMeta` of a stored picture. */
export function imageMetaOf(variants: readonly StoredVariant[], alt: string): ImageMeta {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const largest = sorted[sorted.length - 1];
  if (!largest) throw new Error('an image without variants');
  return { file: largest.file, width: largest.width, height: largest.height, alt, variants: sorted.map(({ file, width }) => ({ file, width })) };
}
