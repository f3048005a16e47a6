import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { pngPicture, svgPicture } from '../testing/content-fixtures.js';
import { imageMetaOf, processImage, VARIANT_FILE_RE, variantWidths } from './image-variants.js';

describe('image variants', () => {
  it('caps the widths at the source width', () => {
    assert.deepEqual(variantWidths(2000), [320, 640, 1280]);
    assert.deepEqual(variantWidths(1280), [320, 640, 1280]);
    assert.deepEqual(variantWidths(800), [320, 640, 800]);
    assert.deepEqual(variantWidths(200), [200]);
    assert.deepEqual(variantWidths(Number.POSITIVE_INFINITY), [320, 640, 1280]);
  });

  it('makes WebP variants of a PNG, never enlarged, with content-addressed names', async () => {
    const image = await processImage('Stage Photo.PNG', await pngPicture(800, 400, { r: 200, g: 10, b: 10 }));
    assert.deepEqual(image.variants.map((v) => [v.width, v.height]), [[320, 160], [640, 320], [800, 400]]);
    for (const variant of image.variants) {
      assert.match(variant.file, VARIANT_FILE_RE);
      assert.match(variant.file, new RegExp(`^stage-photo-${variant.width}-[0-9a-f]{16}\\.webp$`));
      assert.equal((await sharp(variant.bytes).metadata()).format, 'webp');
    }
    const again = await processImage('Stage Photo.PNG', image.bytes);
    assert.deepEqual(again.variants.map((v) => v.file), image.variants.map((v) => v.file));
    assert.deepEqual(imageMetaOf(image.variants, 'Stage'), {
      file: image.variants[2]?.file, width: 800, height: 400, alt: 'Stage',
      variants: image.variants.map(({ file, width }) => ({ file, width })),
    });
  });

  it('rasterises SVG sharply at every width', async () => {
    const image = await processImage('logo.svg', svgPicture('#123456', 100, 50));
    assert.deepEqual(image.variants.map((v) => [v.width, v.height]), [[320, 160], [640, 320], [1280, 640]]);
  });

  it('rejects files that are not the picture their name says', async () => {
    await assert.rejects(processImage('notes.png', Buffer.from('hello')), /not a readable image/);
    await assert.rejects(processImage('logo.png', svgPicture('#000')), /svg data, not what its extension \.png says/);
    await assert.rejects(processImage('anim.gif', Buffer.from('GIF89a')), /unsupported image type/);
  });
});
