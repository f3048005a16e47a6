import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderAnnouncementMarkdown } from './announcement-markdown.js';

test('Markdown renders: headings, emphasis, lists, safe links with rel', () => {
  assert.equal(renderAnnouncementMarkdown('## Pongal\n\n**Come** and *bring* friends:\n\n- food\n- music'), '<h2>Pongal</h2>\n<p><strong>Come</strong> and <em>bring</em> friends:</p>\n<ul>\n<li>food</li>\n<li>music</li>\n</ul>');
  assert.equal(renderAnnouncementMarkdown('[the hall](https://tamil.example.org/events "Events")'), '<p><a href="https://tamil.example.org/events" title="Events" rel="noopener noreferrer">the hall</a></p>');
  assert.equal(renderAnnouncementMarkdown('[write](mailto:office@tamil.example.org)'), '<p><a href="mailto:office@tamil.example.org" rel="noopener noreferrer">write</a></p>');
});

test('nothing executable survives: raw HTML is text, script links lose their address, images become their alt text', () => {
  const cases: Array<[string, RegExp]> = [
    ['<script>alert(1)</script>', /^&lt;script&gt;alert\(1\)&lt;\/script&gt;$/],
    ['<img src=x onerror=alert(1)>', /^&lt;img src=x onerror=alert\(1\)&gt;$/],
    ['hi <a href="javascript:alert(1)">x</a>', /^<p>hi &lt;a href=&quot;javascript:alert\(1\)&quot;&gt;x&lt;\/a&gt;<\/p>$/],
    ['[x](javascript:alert(1))', /^<p>x<\/p>$/],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', /^<p>x<\/p>$/],
    ['![a "cat" <b>](https://x.example.org/c.png)', /^<p>a &quot;cat&quot; &lt;b&gt;<\/p>$/],
  ];
  for (const [markdown, expected] of cases) {
    const html = renderAnnouncementMarkdown(markdown);
    assert.match(html, expected, markdown);
    assert.doesNotMatch(html, /<(script|img|iframe)\b|href="(?!https?:|mailto:)|<[a-z]+ [^>]*\bon[a-z]+=/i, markdown);
  }
});
