import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageSources, srcSetOf } from './image-sources.js';

const meta = {
  file: 'pongal-1280.webp',
  width: 1280,
  height: 720,
  alt: 'Families sharing pongal',
  variants: [
    { file: 'pongal-480.webp', width: 480 },
    { file: 'pongal 800.webp', width: 800 },
    { file: 'pongal-1280.webp', width: 1280 },
  ],
};

test('srcset lists every variant with its width, file names URL-encoded', () => {
  assert.equal(srcSetOf(meta), '/uploads/pongal-480.webp 480w, /uploads/pongal%20800.webp 800w, /uploads/pongal-1280.webp 1280w');
});

test('an image with metadata gets its size, srcset and stored alt text', () => {
  assert.deepEqual(imageSources('pongal-1280.webp', meta, 'ignored'), {
    src: '/uploads/pongal-1280.webp',
    srcSet: srcSetOf(meta),
    width: 1280,
    height: 720,
    alt: 'Families sharing pongal',
  });
  assert.equal(imageSources('x.webp', { ...meta, variants: meta.variants.slice(2) }).srcSet, undefined);
});

test('without metadata a file name becomes an upload URL and a URL is kept', () => {
  assert.deepEqual(imageSources('logo one.png', null, 'Logo'), { src: '/uploads/logo%20one.png', alt: 'Logo' });
  assert.deepEqual(imageSources('/uploads/a.webp', undefined), { src: '/uploads/a.webp', alt: '' });
});
