import { API_ROUTES, blogPostPath, excerpt, pageForPath, paths, uploadUrl, type BlogPost, type PageId, type SiteEvent } from '@tca/contracts';
import { escapeHtml, jsonForScript } from './html-text.js';
import type { SeoLists } from './seo-data.js';

export { escapeHtml } from './html-text.js';

export const SITE_NAME = 'Adelaide Tamil Association';
const SITE_DESCRIPTION = "A non-profit association bringing Adelaide's Tamil community together through culture, language and events.";
const TIME_ZONE = 'Australia/Adelaide';
/** The query parameter of a page's Tamil version (English: none). */
export const LANG_PARAM = 'lang';
export const TAMIL = 'ta';
/** The site's logo, also the Organization's (JSON-LD). */
const LOGO_PATH = '/favicon.svg';

/** Pages that are indexed: their title and description. Every other page (the account's, the checkout's, staff) is noindex. */
export const PUBLIC_PAGES: Partial<Record<PageId, { title: string; description: string }>> = {
  home: { title: SITE_NAME, description: SITE_DESCRIPTION },
  about: { title: 'About us', description: "The Adelaide Tamil Association's history, mission and vision." },
  team: { title: 'Our team', description: 'The volunteers who run the Adelaide Tamil Association.' },
  events: { title: 'Events', description: "Festivals, classes and gatherings of Adelaide's Tamil community." },
  gallery: { title: 'Gallery', description: "Photos from the Adelaide Tamil Association's events." },
  blog: { title: 'Blog', description: 'News and stories from the Adelaide Tamil Association.' },
  blogPost: { title: 'Blog', description: 'News and stories from the Adelaide Tamil Association.' },
  contact: { title: 'Contact us', description: 'Send the Adelaide Tamil Association a message.' },
  raiseTicket: { title: 'Raise a ticket', description: 'Ask the Adelaide Tamil Association for help with your membership or the site.' },
  tamilSchools: { title: 'Tamil schools', description: 'Where children learn Tamil in Adelaide.' },
  terms: { title: 'Terms and conditions', description: "The terms and conditions of the Adelaide Tamil Association's site and membership." },
  privacy: { title: 'Privacy policy', description: 'How the Adelaide Tamil Association handles your personal information.' },
  membership: { title: 'Membership', description: 'Become a member of the Adelaide Tamil Association: members save over $150 on events.' },
  login: { title: 'Log in', description: 'Log in to your Adelaide Tamil Association account.' },
  register: { title: 'Register', description: 'Create an Adelaide Tamil Association account.' },
};

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
  title: string;
  description: string;
  /** The bare URL of the page on the public origin. */
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

function eventJsonLd(publicUrl: string, event: SiteEvent): Record<string, unknown> {
  const images = event.images.map((image) => absoluteUrl(publicUrl, image)).filter((url): url is string => url !== undefined);
  const ticket = event.eventLink === null ? undefined : absoluteUrl(publicUrl, event.eventLink);
  return {
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: adelaideDateTime(event.date, event.time),
    ...(event.endDate === null ? {} : { endDate: event.endDate }),
    eventStatus: event.status === 'Cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location,
      // The content model has the place as one line of text: it is the street address, in Adelaide.
      address: { '@type': 'PostalAddress', streetAddress: event.location, addressLocality: 'Adelaide', addressRegion: 'SA', addressCountry: 'AU' },
    },
    image: images.length > 0 ? images : [`${publicUrl}${LOGO_PATH}`],
    url: `${publicUrl}/events`,
    organizer: { '@type': 'Organization', name: SITE_NAME, url: `${publicUrl}/` },
    ...(ticket === undefined ? {} : { offers: { '@type': 'Offer', url: ticket, availability: 'https://schema.org/InStock', validFrom: event.date } }),
  };
}

function postJsonLd(publicUrl: string, post: BlogPost, head: PageHead): Record<string, unknown> {
  const organization = { '@type': 'Organization', name: SITE_NAME, url: `${publicUrl}/`, logo: { '@type': 'ImageObject', url: `${publicUrl}${LOGO_PATH}` } };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.name,
    description: head.description,
    ...(head.image === undefined ? {} : { image: [head.image] }),
    datePublished: post.date,
    author: organization,
    publisher: organization,
    mainEntityOfPage: { '@type': 'WebPage', '@id': head.canonical },
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
  return page === 'blogPost' ? ['posts'] : page === 'events' ? ['events'] : [];
}

/** The head of the page at `pathname`, from the lists the gateway has (undefined: not at hand, the generic head). */
export function pageHead(publicUrl: string, pathname: string, lists: Partial<SeoLists>, today = adelaideToday()): PageHead {
  const page = pageForPath(pathname);
  const known = page === undefined ? undefined : PUBLIC_PAGES[page];
  const canonical = canonicalOf(publicUrl, pathname);
  if (!known) return { title: SITE_NAME, description: SITE_DESCRIPTION, canonical, index: false, ogType: 'website', jsonLd: [] };
  const title = page === 'home' ? SITE_NAME : `${known.title} | ${SITE_NAME}`;
  const head: PageHead = { title, description: known.description, canonical, index: true, ogType: 'website', jsonLd: [] };
  if (page === 'home') {
    head.jsonLd.push({ '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${publicUrl}/`, logo: `${publicUrl}${LOGO_PATH}`, description: SITE_DESCRIPTION });
  }
  if (page === 'blogPost') {
    let id: string | undefined;
    try {
      id = decodeURIComponent(pathname.replace(/\/+$/, '').split('/')[2] ?? '');
    } catch {
      id = undefined;
    }
    // The posts not at hand (content down or slow): the blog's generic head, still indexable.
    if (!lists.posts) return head;
    const post = lists.posts.find((candidate) => candidate._id === id);
    // An unknown post: the blog's head, not indexed (the page shows its not-found).
    if (!post) return { ...head, index: false };
    head.title = `${post.name} | ${SITE_NAME}`;
    head.description = excerpt(post.desc, 160) || known.description;
    head.canonical = `${publicUrl}${blogPostPath(post._id)}`;
    head.ogType = 'article';
    head.publishedTime = post.date;
    if (post.image !== null) {
      head.image = `${publicUrl}${uploadUrl(post.image)}`;
      head.imageAlt = post.imageMeta?.alt || post.name;
      if (post.imageMeta) head.imageSize = { width: post.imageMeta.width, height: post.imageMeta.height };
    }
    head.jsonLd.push(postJsonLd(publicUrl, post, head));
  }
  if (page === 'events' && lists.events) {
    const events = currentEvents(lists.events, today);
    const next = events.find((event) => event.status !== 'Cancelled');
    if (next) {
      head.description = `Next: ${next.name}, ${next.date}${next.time === null ? '' : ` ${next.time}`}, ${next.location}. ${known.description}`;
      const image = next.images[0] === undefined ? undefined : absoluteUrl(publicUrl, next.images[0]);
      if (image) {
        head.image = image;
        head.imageAlt = next.imageMeta[0]?.alt || next.name;
        const meta = next.imageMeta[0];
        if (meta) head.imageSize = { width: meta.width, height: meta.height };
      }
    }
    if (events.length > 0) {
      head.jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: events.map((event, i) => ({ '@type': 'ListItem', position: i + 1, item: eventJsonLd(publicUrl, event) })),
      });
    }
  }
  return head;
}

/** The tags of a head, for the shell's template (its own `<title>` and description are replaced). */
export function renderHead(head: PageHead): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const tamil = `${head.canonical}?${LANG_PARAM}=${TAMIL}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    named('description', head.description),
    ...(head.index ? [] : [named('robots', 'noindex')]),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(head.canonical)}">`,
    `<link rel="alternate" hreflang="ta" href="${escapeHtml(tamil)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}">`,
    meta('og:site_name', SITE_NAME),
    meta('og:type', head.ogType),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', head.canonical),
    meta('og:locale', 'en_AU'),
    meta('og:locale:alternate', 'ta_IN'),
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

/** The shell's index.html with the head's tags in place of its own `<title>` and meta description (as it is without a `</head>`). */
export function withHead(template: string, headTags: string): string {
  const at = template.indexOf('</head>');
  if (at < 0) return template;
  const head = template.slice(0, at).replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta\s+name="description"[^>]*>/i, '');
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
 * Every public page and every post, with their Tamil alternates. Events have no page of their own yet: the current
 * ones are on /events (its JSON-LD). lastmod where it is known: a post's date, and the blog's newest post.
 */
export function sitemapXml(publicUrl: string, lists: Partial<SeoLists>): string {
  const posts = lists.posts ?? [];
  const newestPost = posts.reduce<string | undefined>((max, post) => (max === undefined || post.date > max ? post.date : max), undefined);
  const entries: Array<{ url: string; lastmod?: string | undefined }> = [];
  for (const page of Object.keys(PUBLIC_PAGES) as PageId[]) {
    if (page !== 'blogPost') entries.push({ url: `${publicUrl}${paths[page]}`, lastmod: page === 'blog' ? newestPost : undefined });
  }
  for (const post of posts) entries.push({ url: `${publicUrl}${blogPostPath(post._id)}`, lastmod: post.date });
  const body = entries
    .map(({ url, lastmod }) => {
      const tamil = `${url}?${LANG_PARAM}=${TAMIL}`;
      return (
        `<url><loc>${escapeHtml(url)}</loc>${lastmod === undefined ? '' : `<lastmod>${escapeHtml(lastmod)}</lastmod>`}` +
        `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(url)}"/><xhtml:link rel="alternate" hreflang="ta" href="${escapeHtml(tamil)}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}"/></url>`
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}
