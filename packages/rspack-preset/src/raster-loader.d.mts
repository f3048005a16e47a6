/** What `?width=…&height=…&quality=…&as=webp` asks raster-loader.mjs for. */
export interface RasterOptions {
  width: number;
  height: number;
  /** WebP quality, 1–100 (60 unless the query says). */
  quality: number;
}

export const raw: true;
export function rasterOptions(query: string): RasterOptions;
export function rasterize(source: Buffer, options: RasterOptions): Promise<Buffer>;
export default function rasterLoader(
  this: { resourceQuery: string; async(): (error: Error | null, result?: Buffer) => void },
  source: Buffer,
): void;
