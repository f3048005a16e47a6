import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ async: false, gfm: true });

/**
 * What a post body may contain once rendered: text structure, links, lists, quotes, code and simple tables.
 * No images, iframes, forms, scripts, styles or event handlers; `h1` becomes `h2` (the page has the h1).
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 's', 'del', 'code', 'pre', 'blockquote',
    'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
};

/** Markdown → HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}
