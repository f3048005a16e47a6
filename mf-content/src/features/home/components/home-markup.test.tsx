import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { BROWSER_LANGUAGE, prepareUiRendering, renderedInTamil } from '@tca/ui/testing/markup';

// The sections are built on @tca/ui and import CSS Modules; @tca/ui/i18n reads the window's language. (The hero
// is left out: the loader stub does not read its image imports' ?width=… queries.)
prepareUiRendering();
Object.assign(globalThis, { window: Object.assign(new EventTarget(), { ...BROWSER_LANGUAGE }) });
const { AboutSection } = await import('./about-section.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

const inTamil = (node: ReactNode) => renderedInTamil(() => render(node));

test('home in English: the spec’s texts as before', () => {
  const about = render(<AboutSection id="about" />);
  assert.match(about, /<li><strong>1990<\/strong> founded in Adelaide<\/li>/);
  assert.match(about, /<li><strong>\$150\+<\/strong> members save on events<\/li>/);
  assert.match(about, /<p>Members save over \$150 on events every year, and proceeds go to our community centre initiative.<\/p>/);
  assert.match(about, /<a[^>]*href="\/membership"[^>]*>Join Our Community<\/a>/);
});

test('home in Tamil: About Us and Mission and Vision without the English interface', async () => {
  const about = await inTamil(<AboutSection id="about" />);
  assert.match(about, /<h2[^>]*>எங்களைப் பற்றி<\/h2>/);
  assert.match(about, /<li><strong>\$150\+<\/strong> நிகழ்வுகளில் உறுப்பினர்களுக்குச் சேமிப்பு<\/li>/);
  for (const english of ['About Us', 'Mission', 'Vision', 'founded', 'Join Our Community', 'numbers']) {
    assert.ok(!about.includes(english), `English left: ${english}`);
  }
});
