import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cardPrice, priceText } from './level-text.js';

test('money reads as Australian dollars with cents; a card shows whole dollars', () => {
  assert.equal(priceText(20, 'en'), '$20.00');
  assert.equal(priceText(200, 'en'), '$200.00');
  assert.equal(cardPrice({ amt: 10 }, 'en'), '$10');
  assert.match(priceText(20, 'ta'), /20\.00/);
});
