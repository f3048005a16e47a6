import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '@tca/service-kit';

/**
 * An announcement's Markdown → the HTML of its e-mail (and of the desk's preview). Safe by construction
 * rather than by a sanitiser afterwards: raw HTML in the Markdown is shown as text (escaped), images become
 * their alt text, and a link keeps only an http(s) or mailto address (else it is plain text). marked
 * escapes every other piece of text itself. (The content service's post renderer sanitises with
 * sanitize-html, which is not installed for identity: see the report of issue 15.)
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function safeHref(href: string): string | undefined {
  if (!URL.canParse(href)) return undefined;
  return SAFE_PROTOCOLS.has(new URL(href).protocol) ? href : undefined;
}

const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    image({ text }: Tokens.Image): string {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, title, tokens }: Tokens.Link): string {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (safe === undefined) return inner;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(safe)}"${titled} rel="noopener noreferrer">${inner}</a>`;
    },
  },
});

export function renderAnnouncementMarkdown(markdown: string): string {
  return (marked.parse(markdown) as string).trim();
}
