import { uploadUrl, type ImageMeta } from '@tca/contracts';

/** `srcset` of a stored image: every size variant with its width. */
export function srcSetOf(meta: Pick<ImageMeta, 'variants'>): string {
  return meta.variants.map((variant) => `${uploadUrl(variant.file)} ${variant.width}w`).join(', ');
}

export interface ImageSources {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  alt: string;
}

/**
 * What an <img> needs for a stored image: the largest file, every size for the browser to pick from,
 * the intrinsic size (so the layout does not jump) and the alternative text stored with it.
 * `src` may be a file name or, for events, already an `/uploads/…` URL. `fallbackAlt` is used only
 * when there is no stored metadata.
 */
export function imageSources(src: string, meta: ImageMeta | null | undefined, fallbackAlt = ''): ImageSources {
  if (!meta) return { src: src.startsWith('/') || /^https?:/.test(src) ? src : uploadUrl(src), alt: fallbackAlt };
  return {
    src: uploadUrl(meta.file),
    ...(meta.variants.length > 1 ? { srcSet: srcSetOf(meta) } : {}),
    width: meta.width,
    height: meta.height,
    alt: meta.alt,
  };
}
