// Rspack loader (plain JavaScript: Rspack loads loaders without a TypeScript hook) that renders a
// picture, e.g. an SVG, as a WebP at build time: `import url from './art.svg?width=1280&height=720&as=webp'`
// (the rule in index.ts). The browser then decodes a small bitmap off the main thread instead of
// laying out and painting the vector on it.
import sharp from 'sharp';

/** Rspack hands the loader the file's bytes, not text. */
export const raw = true;

const DEFAULT_QUALITY = 60;
const MAX_SIDE = 4096;

/**
 * The size and quality a resource query asks for; width and height are both required.
 * @param {string} query e.g. `?width=1280&height=720&as=webp` or `?width=900&height=1200&quality=70&as=webp`
 * @returns {import('./raster-loader.mjs').RasterOptions}
 */
export function rasterOptions(query) {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  if (params.get('as') !== 'webp') throw new Error(`raster-loader: only as=webp is supported (got "${query}")`);
  /** @param {string} name @param {number} max */
  const whole = (name, max) => {
    const text = params.get(name) ?? '';
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > max) throw new Error(`raster-loader: ${name} must be a whole number from 1 to ${max} (got "${query}")`);
    return value;
  };
  return { width: whole('width', MAX_SIDE), height: whole('height', MAX_SIDE), quality: params.has('quality') ? whole('quality', 100) : DEFAULT_QUALITY };
}

/**
 * The picture scaled to cover width × height and cropped from its centre (what `object-fit: cover`
 * and `preserveAspectRatio="xMidYMid slice"` show), as a WebP.
 * @param {Buffer} source
 * @param {import('./raster-loader.mjs').RasterOptions} options
 * @returns {Promise<Buffer>}
 */
export async function rasterize(source, { width, height, quality }) {
  const intrinsic = await sharp(source).metadata();
  // A vector is drawn at the scale that covers the box, never enlarged as a bitmap afterwards.
  const scale = Math.max(width / (intrinsic.width ?? width), height / (intrinsic.height ?? height));
  const density = intrinsic.format === 'svg' ? Math.min(100_000, Math.max(1, 72 * scale)) : undefined;
  return sharp(source, density ? { density } : {})
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .webp({ quality, effort: 6 })
    .toBuffer();
}

/**
 * @this {{ resourceQuery: string; async(): (error: Error | null, result?: Buffer) => void }}
 * @param {Buffer} source
 */
export default function rasterLoader(source) {
  const done = this.async();
  Promise.resolve()
    .then(() => rasterize(source, rasterOptions(this.resourceQuery)))
    .then(
      (webp) => done(null, webp),
      (error) => done(error instanceof Error ? error : new Error(String(error))),
    );
}
