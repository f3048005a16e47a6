import { API_ROUTES, blogPostPath, eventPath, excerpt, pageForPath, paths, uploadUrl, type BlogPost, type PageId, type SiteEvent } from '@tca/contracts';
import { escapeHtml, jsonForScript } from './html-text.js';
import type { SeoLists } from './seo-data.js';
import { EVENT_TEXT, OG_LOCALES, PUBLIC_PAGES, SITE_DESCRIPTIONS, SITE_NAMES, type SeoLang } from './seo-pages.js';

export { escapeHtml } from './html-text.js';
export { PUBLIC_PAGES, type SeoLang } from './seo-pages.js';

export const SITE_NAME = SITE_NAMES.en;
const TIME_ZONE = 'Australia/Adelaide';
/** The query parameter of a page's Tamil version (English: none). */
export const LANG_PARAM = 'lang';
export const TAMIL = 'ta';

/** The language a request's `?lang=` asks for (English unless it is `ta`). */
export function seoLang(query: unknown): SeoLang {
  return query === TAMIL ? 'ta' : 'en';
}

/** A page's URL in a language: the bare URL for English, `?lang=ta` for Tamil. */
export function langUrl(bareUrl: string, lang: SeoLang): string {
  return lang === 'ta' ? `${bareUrl}?${LANG_PARAM}=${TAMIL}` : bareUrl;
}
/** The site's logo, also the Organization's (JSON-LD). */
const LOGO_PATH = '/favicon.svg';

/** JSON-LD: data, not script (the CSP's script-src does not apply to it), escaped so it cannot close its element. */
function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(value)}</script>`;
}

/** An absolute URL on the site for a path (or an absolute http(s) URL as it is); undefined for anything else. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string | undefined {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) return `${publicUrl}${pathOrUrl}`;
  return undefined;
}

/** Today's date in Adelaide, YYYY-MM-DD. */
export function adelaideToday(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `2026-01-14T18:30:00+10:30`: a wall time in Adelaide with the offset in force then (+09:30 or +10:30). */
export function adelaideDateTime(date: string, time: string | null): string {
  if (time === null) return date;
  const approx = Date.parse(`${date}T${time}:00+09:30`);
  const zone = Number.isNaN(approx)
    ? undefined
    : new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' }).formatToParts(approx).find((part) => part.type === 'timeZoneName')?.value;
  const offset = /^GMT([+-]\d{2}:\d{2})$/.exec(zone ?? '')?.[1] ?? '+09:30';
  return `${date}T${time}:00${offset}`;
}

/** Events not over yet (the last day is today or later), not drafts, soonest first. */
export function currentEvents(events: readonly SiteEvent[], today: string): SiteEvent[] {
  return events.filter((event) => event.status !== 'Draft' && (event.endDate ?? event.date) >= today).sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
}

/** What the head of one page carries. */
export interface PageHead {
  lang: SeoLang;
  title: string;
  description: string;
  /** The bare URL of the page on the public origin (its English version); the canonical URL is the language's. */
  canonical: string;
  index: boolean;
  ogType: 'website' | 'article';
  image?: string;
  imageAlt?: string;
  /** The image's size in pixels, when known: previews lay out without fetching it first. */
  imageSize?: { width: number; height: number };
  publishedTime?: string;
  jsonLd: unknown[];
}

/** An event's text fields in a language (each falls back to the English one). */
function eventText(event: SiteEvent, lang: SeoLang): { name: string; description: string; location: string } {
  const ta = lang === 'ta' ? event.ta : undefined;
  return { name: ta?.name || event.name, description: ta?.description || event.description, location: ta?.location || event.location };
}

/** "Sat 14 June 2025, 6:30 pm" in the language (the event's own wall time in Adelaide). */
export function eventWhen(event: SiteEvent, lang: SeoLang): string {
  const locale = lang === 'ta' ? 'ta-IN' : 'en-AU';
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }).format(Date.parse(`${event.date}T00:00:00Z`));
  if (event.time === null) return day;
  const time = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(Date.parse(`1970-01-01T${event.time}:00Z`));
  return `${day}, ${time}`;
}

function eventJsonLd(publicUrl: string, event: SiteEvent, lang: SeoLang = 'en'): Record<string, unknown> {
  const text = eventText(event, lang);
  const images = event.images.map((image) => absoluteUrl(publicUrl, image)).filter((url): url is string => url !== undefined);
  const ticket = event.eventLink === null ? undefined : absoluteUrl(publicUrl, event.eventLink);
  return {
    '@type': 'Event',
    name: text.name,
    description: text.description,
    inLanguage: lang,
    startDate: adelaideDateTime(event.date, event.time),
    ...(event.endDate === null ? {} : { endDate: event.endDate }),
    eventStatus: event.status === 'Cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: text.location,
      // The content model has the place as one line of text: it is the street address, in Adelaide.
      address: { '@type': 'PostalAddress', streetAddress: text.location, addressLocality: 'Adelaide', addressRegion: 'SA', addressCountry: 'AU' },
    },
    image: images.length > 0 ? images : [`${publicUrl}${LOGO_PATH}`],
    url: langUrl(`${publicUrl}${eventPath(event._id)}`, lang),
    organizer: { '@type': 'Organization', name: SITE_NAMES[lang], url: `${publicUrl}/` },
    ...(ticket === undefined ? {} : { offers: { '@type': 'Offer', url: ticket, availability: 'https://schema.org/InStock', validFrom: event.date } }),
  };
}

function postJsonLd(publicUrl: string, post: BlogPost, head: PageHead): Record<string, unknown> {
  const organization = { '@type': 'Organization', name: SITE_NAMES[head.lang], url: `${publicUrl}/`, logo: { '@type': 'ImageObject', url: `${publicUrl}${LOGO_PATH}` } };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: (head.lang === 'ta' && post.ta?.name) || post.name,
    description: head.description,
    inLanguage: head.lang,
    ...(head.image === undefined ? {} : { image: [head.image] }),
    datePublished: post.date,
    author: organization,
    publisher: organization,
    mainEntityOfPage: { '@type': 'WebPage', '@id': langUrl(head.canonical, head.lang) },
  };
}

/** The canonical (bare) URL of a request path: the path as the site names it, without a trailing slash or query. */
function canonicalOf(publicUrl: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return `${publicUrl}${path}`;
}

/** Which lists the head of a path is made from (none: it is served without waiting on content). */
export function listsFor(pathname: string): Array<keyof SeoLists> {
  const page = pageForPath(pathname);
  return page === 'blogPost' ? ['posts'] : page === 'events' || page === 'event' ? ['events'] : [];
}

/** The id in a `/<section>/<id>` path, or undefined when it is not decodable. */
function pathId(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.replace(/\/+$/, '').split('/')[2] ?? '');
  } catch {
    return undefined;
  }
}

/** The largest picture of an item as the head's image. */
function setImage(head: PageHead, image: string | undefined, meta: { alt?: string; width: number; height: number } | null | undefined, name: string): void {
  if (image === undefined) return;
  head.image = image;
  head.imageAlt = meta?.alt || name;
  if (meta) head.imageSize = { width: meta.width, height: meta.height };
}

/**
 * The head of the page at `pathname` in `lang`, from the lists the gateway has (a list not at hand: the
 * section's generic head). Content fields are the Tamil versions where an editor wrote them.
 */
export function pageHead(publicUrl: string, pathname: string, lists: Partial<SeoLists>, today = adelaideToday(), lang: SeoLang = 'en'): PageHead {
  const page = pageForPath(pathname);
  const known = page === undefined ? undefined : PUBLIC_PAGES[page]?.[lang];
  const siteName = SITE_NAMES[lang];
  const canonical = canonicalOf(publicUrl, pathname);
  if (!known) return { lang, title: siteName, description: SITE_DESCRIPTIONS[lang], canonical, index: false, ogType: 'website', jsonLd: [] };
  const title = page === 'home' ? siteName : `${known.title} | ${siteName}`;
  const head: PageHead = { lang, title, description: known.description, canonical, index: true, ogType: 'website', jsonLd: [] };
  if (page === 'home') {
    head.jsonLd.push({ '@context': 'https://schema.org', '@type': 'Organization', name: siteName, url: `${publicUrl}/`, logo: `${publicUrl}${LOGO_PATH}`, description: SITE_DESCRIPTIONS[lang] });
  }
  if (page === 'blogPost') {
    const id = pathId(pathname);
    // The posts not at hand (content down or slow): the blog's generic head, still indexable.
    if (!lists.posts) return head;
    const post = lists.posts.find((candidate) => candidate._id === id);
    // An unknown post: the blog's head, not indexed (the page shows its not-found).
    if (!post) return { ...head, index: false };
    const name = (lang === 'ta' && post.ta?.name) || post.name;
    head.title = `${name} | ${siteName}`;
    head.description = excerpt((lang === 'ta' && post.ta?.desc) || post.desc, 160) || known.description;
    head.canonical = `${publicUrl}${blogPostPath(post._id)}`;
    head.ogType = 'article';
    head.publishedTime = post.date;
    if (post.image !== null) setImage(head, `${publicUrl}${uploadUrl(post.image)}`, post.imageMeta, name);
    head.jsonLd.push(postJsonLd(publicUrl, post, head));
  }
  if (page === 'event') {
    const id = pathId(pathname);
    if (!lists.events) return head;
    const event = lists.events.find((candidate) => candidate._id === id && candidate.status !== 'Draft');
    if (!event) return { ...head, index: false };
    const text = eventText(event, lang);
    const cancelled = event.status === 'Cancelled' ? `${EVENT_TEXT[lang].cancelled}: ` : '';
    head.title = `${text.name} | ${siteName}`;
    head.description = `${cancelled}${eventWhen(event, lang)}, ${text.location}. ${excerpt(text.description, 120)}`.trim();
    head.canonical = `${publicUrl}${eventPath(event._id)}`;
    const first = event.images[0];
    setImage(head, first === undefined ? undefined : absoluteUrl(publicUrl, first), event.imageMeta[0], text.name);
    head.jsonLd.push({ '@context': 'https://schema.org', ...eventJsonLd(publicUrl, event, lang) });
  }
  if (page === 'events' && lists.events) {
    const events = currentEvents(lists.events, today);
    const next = events.find((event) => event.status !== 'Cancelled');
    if (next) {
      const text = eventText(next, lang);
      head.description = `${EVENT_TEXT[lang].next}: ${text.name}, ${eventWhen(next, lang)}, ${text.location}. ${known.description}`;
      const first = next.images[0];
      setImage(head, first === undefined ? undefined : absoluteUrl(publicUrl, first), next.imageMeta[0], text.name);
    }
    if (events.length > 0) {
      head.jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: events.map((event, i) => ({ '@type': 'ListItem', position: i + 1, item: eventJsonLd(publicUrl, event, lang) })),
      });
    }
  }
  return head;
}

/** The tags of a head, for the shell's template (its own `<title>` and description are replaced). */
export function renderHead(head: PageHead): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const tamil = langUrl(head.canonical, 'ta');
  const url = langUrl(head.canonical, head.lang);
  const other: SeoLang = head.lang === 'ta' ? 'en' : 'ta';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    named('description', head.description),
    ...(head.index ? [] : [named('robots', 'noindex')]),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(head.canonical)}">`,
    `<link rel="alternate" hreflang="ta" href="${escapeHtml(tamil)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}">`,
    meta('og:site_name', SITE_NAMES[head.lang]),
    meta('og:type', head.ogType),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', url),
    meta('og:locale', OG_LOCALES[head.lang]),
    meta('og:locale:alternate', OG_LOCALES[other]),
    ...(head.image === undefined ? [] : [meta('og:image', head.image), meta('og:image:alt', head.imageAlt ?? head.title)]),
    ...(head.imageSize === undefined ? [] : [meta('og:image:width', String(head.imageSize.width)), meta('og:image:height', String(head.imageSize.height))]),
    ...(head.publishedTime === undefined ? [] : [meta('article:published_time', head.publishedTime)]),
    named('twitter:card', head.image === undefined ? 'summary' : 'summary_large_image'),
    named('twitter:title', head.title),
    named('twitter:description', head.description),
    ...(head.image === undefined ? [] : [named('twitter:image', head.image)]),
    ...head.jsonLd.map(jsonLd),
  ];
  return tags.join('');
}

/**
 * The shell's index.html with the head's tags in place of its own `<title>` and meta description (as it
 * is without a `</head>`), and `<html lang>` the page's language.
 */
export function withHead(template: string, headTags: string, lang: SeoLang = 'en'): string {
  const at = template.indexOf('</head>');
  if (at < 0) return template;
  const head = template
    .slice(0, at)
    .replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${lang}"`)
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  return `${head}${headTags}${template.slice(at)}`;
}

/** API paths crawlers have no use for (uploads stay allowed: they are the pages' pictures). */
function disallowedPaths(): string[] {
  const api = API_ROUTES.map((route) => (route.path === '/events/' ? '/events/get' : route.path)).filter((path) => path !== '/uploads/');
  return ['/staff', '/profile', '/reset-password/', ...new Set(api)];
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...disallowedPaths().map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}


/**
 * Every public page, every post and every current event's page, with their Tamil alternates. lastmod where
 * it is known: a post's date, and the blog's newest post.
 */
export function sitemapXml(publicUrl: string, lists: Partial<SeoLists>, today = adelaideToday()): string {
  const posts = lists.posts ?? [];
  const newestPost = posts.reduce<string | undefined>((max, post) => (max === undefined || post.date > max ? post.date : max), undefined);
  const entries: Array<{ url: string; lastmod?: string | undefined }> = [];
  for (const page of Object.keys(PUBLIC_PAGES) as PageId[]) {
    if (page !== 'blogPost' && page !== 'event') entries.push({ url: `${publicUrl}${paths[page]}`, lastmod: page === 'blog' ? newestPost : undefined });
  }
  for (const post of posts) entries.push({ url: `${publicUrl}${blogPostPath(post._id)}`, lastmod: post.date });
  for (const event of currentEvents(lists.events ?? [], today)) entries.push({ url: `${publicUrl}${eventPath(event._id)}` });
  const body = entries
    .map(({ url, lastmod }) => {
      const tamil = langUrl(url, 'ta');
      return (
        `<url><loc>${escapeHtml(url)}</loc>${lastmod === undefined ? '' : `<lastmod>${escapeHtml(lastmod)}</lastmod>`}` +
        `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(url)}"/><xhtml:link rel="alternate" hreflang="ta" href="${escapeHtml(tamil)}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}"/></url>`
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}
