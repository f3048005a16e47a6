import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { LevelBenefits } from './level-benefits.js';

test('the benefits read as a heading with the caller class and one list item each, in order', () => {
  const html = renderToStaticMarkup(
    <LevelBenefits heading="Included" benefits={['Voting rights', 'Member events']} headingClassName="title" listClassName="list" />,
  );
  assert.equal(html, '<h3 class="title">Included</h3><ul class="list"><li>Voting rights</li><li>Member events</li></ul>');
});

test('without class names the heading and list carry no class attribute', () => {
  const html = renderToStaticMarkup(<LevelBenefits heading="Benefits" benefits={['Voting rights']} />);
  assert.equal(html, '<h3>Benefits</h3><ul><li>Voting rights</li></ul>');
});
