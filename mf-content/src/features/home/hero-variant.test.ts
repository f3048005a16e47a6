import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heroVariant } from './hero-variant.js';

test('portrait screens get the 3:4 crop; others the 16:9 picture that covers the hero without much stretching', () => {
  // Phones and tablets held upright.
  assert.equal(heroVariant({ width: 375, height: 667, pixelRatio: 2 }), 'portrait');
  assert.equal(heroVariant({ width: 412, height: 823, pixelRatio: 1.75 }), 'portrait');
  assert.equal(heroVariant({ width: 768, height: 1024, pixelRatio: 2 }), 'portrait');
  // Laptops and phones on their side.
  assert.equal(heroVariant({ width: 1280, height: 800, pixelRatio: 1 }), 'medium');
  assert.equal(heroVariant({ width: 1366, height: 768, pixelRatio: 1 }), 'medium');
  assert.equal(heroVariant({ width: 915, height: 412, pixelRatio: 2.6 }), 'medium');
  // Wide or dense screens, and squarish windows where `cover` shows the picture wider than the window.
  assert.equal(heroVariant({ width: 1920, height: 1080, pixelRatio: 1 }), 'large');
  assert.equal(heroVariant({ width: 1280, height: 800, pixelRatio: 2 }), 'large');
  assert.equal(heroVariant({ width: 1000, height: 1000, pixelRatio: 1 }), 'large');
});
