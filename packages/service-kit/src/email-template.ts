import en from './messages/en.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };
import { serviceTexts, type SiteLang } from './texts.js';

/**
 * E-mail templates: each message is written once, as a list of blocks, and rendered to both a plain-text
 * and an HTML part. Every value is text: the HTML renderer escapes all of it, so user input (names,
 * messages) can never add markup, and links only keep http(s) and mailto addresses.
 */

export type EmailBlock =
  /** A paragraph; line breaks inside it are kept. */
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  /** Label / value pairs, e.g. a ticket's details. */
  | { type: 'details'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** Text someone wrote (a message, a description), shown as a quotation. */
  | { type: 'quote'; text: string }
  | { type: 'link'; text: string; href: string }
  /** Formatted text written by staff (an announcement's Markdown): `text` for the plain part, `html` already rendered and sanitised by the caller. */
  | { type: 'rendered'; text: string; html: string };

export interface EmailContent {
  subject: string;
  /** The summary line mail clients show next to the subject (hidden in the HTML body). */
  preheader?: string;
  blocks: readonly EmailBlock[];
  /** The language the message is written in (default English): `<html lang>` and the frame's own texts. */
  lang?: SiteLang;
}

export interface EmailBrand {
  /** Shown in the header band and the signature, e.g. 'Adelaide Tamil Association'. */
  name: string;
  /** The site's address, linked in the footer. */
  url?: string;
  /** Header band colour (white text on it must keep a 4.5:1 contrast). Default: the site's maroon. */
  color?: string;
}

/** The association's name, the same text as SITE_NAME in @tca/ui (which is a browser package). */
export const ASSOCIATION_NAME = 'Adelaide Tamil Association';
/** Dates in e-mails are Adelaide's. */
export const ADELAIDE_TIME_ZONE = 'Australia/Adelaide';

/** The association's brand for e-mails, linking to the site at `publicUrl` (PUBLIC_URL). */
export function brandFor(publicUrl: string): EmailBrand {
  return { name: ASSOCIATION_NAME, url: publicUrl };
}

/** The frame's own texts (the association's name in the header band, footer and signature). */
const frameTexts = serviceTexts('service-kit/email-template', en, ta);

/** The brand as a `lang` message shows it: the association's name in that language; another name as given. */
function localBrand(brand: EmailBrand, lang: SiteLang): EmailBrand {
  if (lang === 'en' || brand.name !== ASSOCIATION_NAME) return brand;
  return { ...brand, name: frameTexts(lang)('associationName') };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Normalises line endings and strips control characters (except tab and newline) from text that goes into a mail. */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** Subjects are one line: newlines in user input would otherwise end up in a header. */
function oneLine(value: string): string {
  return clean(value).replace(/\s+/g, ' ').trim();
}

function safeHref(href: string): string | undefined {
  if (!URL.canParse(href)) return undefined;
  const protocol = new URL(href).protocol;
  return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? href : undefined;
}

function htmlLines(value: string): string {
  return clean(value).split('\n').map(escapeHtml).join('<br>');
}

function textBlock(block: EmailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return clean(block.text);
    case 'heading': {
      const text = oneLine(block.text);
      return `${text}\n${'-'.repeat(Math.min(text.length, 72))}`;
    }
    case 'details':
      return block.rows
        .map(([label, value]) => {
          const [first = '', ...rest] = clean(value).split('\n');
          return [`${oneLine(label)}: ${first}`, ...rest.map((line) => `    ${line}`)].join('\n');
        })
        .join('\n');
    case 'quote':
      return clean(block.text)
        .split('\n')
        .map((line) => (line.length > 0 ? `> ${line}` : '>'))
        .join('\n');
    case 'link':
      return `${clean(block.text)}: ${block.href}`;
    case 'rendered':
      return clean(block.text);
  }
}

const FONT = "font-family:'Segoe UI',system-ui,-apple-system,Roboto,'Noto Sans Tamil',Arial,sans-serif";
const INK = '#1f2328';
const MUTED = '#5b6270';
const MAROON = '#7a1f2b';

function htmlBlock(block: EmailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5">${htmlLines(block.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 12px;font-size:18px;color:${MAROON}">${escapeHtml(oneLine(block.text))}</h2>`;
    case 'details':
      return [
        '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">',
        ...block.rows.map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:${MUTED};font-weight:600;white-space:nowrap">${escapeHtml(oneLine(label))}</th>` +
            `<td style="padding:4px 0;vertical-align:top">${htmlLines(value)}</td></tr>`,
        ),
        '</table>',
      ].join('');
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #eadfce;color:${INK};line-height:1.5">${htmlLines(block.text)}</blockquote>`;
    case 'link': {
      const href = safeHref(block.href);
      const text = escapeHtml(clean(block.text));
      return href === undefined
        ? `<p style="margin:0 0 16px">${text}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="color:${MAROON};font-weight:600">${text}</a></p>`;
    }
    case 'rendered':
      return `<div style="margin:0 0 16px;line-height:1.5">${block.html}</div>`;
  }
}

/** Renders one message to its plain-text and HTML parts (both from the same blocks). */
export function renderEmail(content: EmailContent, givenBrand: EmailBrand): RenderedEmail {
  const lang = content.lang ?? 'en';
  const brand = localBrand(givenBrand, lang);
  const subject = oneLine(content.subject);
  const signature = brand.url ? `${brand.name}\n${brand.url}` : brand.name;
  const text = [...content.blocks.map(textBlock), `-- \n${signature}`].join('\n\n') + '\n';

  const band = brand.color ?? MAROON;
  const footerLink = brand.url && safeHref(brand.url) ? `<br><a href="${escapeHtml(brand.url)}" style="color:${MUTED}">${escapeHtml(brand.url)}</a>` : '';
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(oneLine(content.preheader))}</div>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#fffaf3;color:${INK};${FONT};font-size:16px">`,
    preheader,
    '<table role="presentation" style="width:100%;border-collapse:collapse;background:#fffaf3"><tr><td style="padding:24px 12px">',
    '<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border:1px solid #eadfce">',
    `<tr><td style="background:${band};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">${escapeHtml(brand.name)}</td></tr>`,
    `<tr><td style="padding:24px">${content.blocks.map(htmlBlock).join('\n')}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #eadfce;color:${MUTED};font-size:14px">${escapeHtml(brand.name)}${footerLink}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * A date and time as people in `timeZone` read it, e.g. `Thursday 26 November 2026 at 12:49 am ACDT`;
 * in Tamil (`lang` 'ta'), Tamil day and month names on a 24-hour clock with the zone in words when it is
 * Adelaide's (Intl names it only as GMT+10:30), e.g. `வியாழன், 26 நவம்பர், 2026 அன்று 00:49 (அடிலெய்டு நேரம்)`.
 */
export function formatDateTimeIn(date: Date, timeZone: string, lang: SiteLang = 'en'): string {
  if (lang === 'ta') {
    const when = new Intl.DateTimeFormat('ta-IN', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone === ADELAIDE_TIME_ZONE ? {} : { timeZoneName: 'short' as const }),
    }).format(date);
    return timeZone === ADELAIDE_TIME_ZONE ? `${when} (${frameTexts(lang)('adelaideTime')})` : when;
  }
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
