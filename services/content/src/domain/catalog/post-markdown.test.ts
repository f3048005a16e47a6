import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMarkdown } from './post-markdown.js';

describe('post bodies', () => {
  it('renders Markdown and keeps only safe HTML', () => {
    const html = renderMarkdown('# Title\n\nSome **bold** [link](https://example.org) and [bad](javascript:alert(1)).\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe> <p onclick="x()" style="color:red">styled</p>');
    assert.match(html, /<h2>Title<\/h2>/);
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<a href="https:\/\/example.org" rel="noopener noreferrer">link<\/a>/);
    for (const bad of ['<script', 'alert(1)</script', '<img', 'onerror', '<iframe', 'onclick', 'style=', 'javascript:']) assert.ok(!html.includes(bad), `${bad} in ${html}`);
  });

  it('forces rel="noopener noreferrer" on every link, whatever the author wrote', () => {
    const html = renderMarkdown('<a href="https://example.org" rel="opener" target="_blank">x</a>');
    assert.equal(html, '<p><a href="https://example.org" rel="noopener noreferrer">x</a></p>');
  });
});
