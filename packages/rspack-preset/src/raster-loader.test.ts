import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import rasterLoader, { rasterize, rasterOptions } from './raster-loader.mjs';

/** A 160 × 90 landscape: left half red, right half blue. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90" width="160" height="90" preserveAspectRatio="xMidYMid slice">' +
    '<rect width="80" height="90" fill="#f00"/><rect x="80" width="80" height="90" fill="#00f"/></svg>',
);

test('the query names the size and, optionally, the quality; anything else is refused', () => {
  assert.deepEqual(rasterOptions('?width=1280&height=720&as=webp'), { width: 1280, height: 720, quality: 60 });
  assert.deepEqual(rasterOptions('?width=900&height=1200&quality=70&as=webp'), { width: 900, height: 1200, quality: 70 });
  assert.throws(() => rasterOptions('?width=1280&as=webp'), /height must be a whole number/);
  assert.throws(() => rasterOptions('?width=12.5&height=7&as=webp'), /width must be a whole number/);
  assert.throws(() => rasterOptions('?width=99999&height=7&as=webp'), /width must be a whole number from 1 to 4096/);
  assert.throws(() => rasterOptions('?width=10&height=10&as=avif'), /only as=webp/);
});

test('an SVG becomes a WebP of exactly the asked size, drawn at that scale and cropped from the centre', async () => {
  const landscape = await rasterize(SVG, { width: 320, height: 180, quality: 80 });
  const meta = await sharp(landscape).metadata();
  assert.equal(meta.format, 'webp');
  assert.deepEqual([meta.width, meta.height], [320, 180]);

  // A portrait box shows the middle of the picture: red on the left, blue on the right, nothing squeezed.
  const portrait = await rasterize(SVG, { width: 90, height: 120, quality: 90 });
  const { data, info } = await sharp(portrait).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual([info.width, info.height], [90, 120]);
  const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
  const [r1, , b1] = pixel(10, 60);
  const [r2, , b2] = pixel(80, 60);
  assert.ok((r1 ?? 0) > 200 && (b1 ?? 255) < 60, `left is red: ${pixel(10, 60).join(',')}`);
  assert.ok((b2 ?? 0) > 200 && (r2 ?? 255) < 60, `right is blue: ${pixel(80, 60).join(',')}`);
});

test('as a loader it answers through the async callback, errors included', async () => {
  const run = (resourceQuery: string) =>
    new Promise<Buffer>((resolve, reject) => {
      rasterLoader.call({ resourceQuery, async: () => (error, result) => (error ? reject(error) : resolve(result ?? Buffer.alloc(0))) }, SVG);
    });
  const webp = await run('?width=64&height=36&as=webp');
  assert.equal(webp.subarray(8, 12).toString('latin1'), 'WEBP');
  await assert.rejects(run('?width=64&as=webp'), /height must be a whole number/);
});
