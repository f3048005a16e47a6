/** Every page path of the site (spec §2.1, and the staff area's of issue 14), in one typed place. */
export const paths = {
  home: '/',
  about: '/about',
  team: '/team',
  events: '/events',
  /** One event's own page (issue 17: a shared event link previews its name, date, place and picture). */
  event: '/event/:id',
  gallery: '/gallery',
  blog: '/blog',
  blogPost: '/blog/:id',
  contact: '/contact',
  raiseTicket: '/raiseticket',
  tamilSchools: '/tamilschools',
  terms: '/terms&conditions',
  privacy: '/privacy&policy',
  membership: '/membership',
  forms: '/forms',
  confirmation: '/confirmation',
  success: '/success',
  cancel: '/cancel',
  payment: '/payment',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password/:token',
  profile: '/profile',
  // The staff area (issue 14, mf-staff): not linked from the public header.
  staffHome: '/staff',
  staffPeople: '/staff/people',
  // Content editing (issue 14): /new before /:key, so pageForPath matches it first.
  staffPosts: '/staff/posts',
  staffPostNew: '/staff/posts/new',
  staffPost: '/staff/posts/:key',
  staffEvents: '/staff/events',
  staffEventNew: '/staff/events/new',
  staffEvent: '/staff/events/:key',
  staffGallery: '/staff/gallery',
  staffAlbumNew: '/staff/gallery/new',
  staffAlbum: '/staff/gallery/:key',
  // Team members and sponsors (issue 14): each an ordered list on one page.
  staffTeam: '/staff/team',
  staffSponsors: '/staff/sponsors',
  // The members desk (issue 14, first slice): membership requests to approve or reject.
  staffMembers: '/staff/members',
  // A member's page on the members desk (issue 15).
  staffMember: '/staff/members/:userId',
  staffAnnouncements: '/staff/announcements',
  staffAnnouncement: '/staff/announcements/:id',
  // The owner's merged audit log and the queues dashboard (issue 14).
  staffAudit: '/staff/audit',
  staffQueues: '/staff/queues',
  // The support desk (issue 15): tickets with their conversation, and the contact messages' inbox.
  staffSupport: '/staff/support',
  staffTicket: '/staff/support/:reference',
  staffContact: '/staff/contact',
  // The treasurer's desk (issue 15): orders by state, an order's page with its refund.
  staffOrders: '/staff/orders',
  staffOrder: '/staff/orders/:reference',
  // The treasurer's revenue report (issue 15): per month and level for a year, as a chart, tables and CSV.
  staffRevenue: '/staff/revenue',
  // The link of a staff invitation e-mail (STAFF_ACCEPT_INVITATION_PATH + token).
  staffAcceptInvitation: '/staff/accept-invitation/:token',
} as const;
export type PageId = keyof typeof paths;

export function blogPostPath(id: string): string {
  return `/blog/${encodeURIComponent(id)}`;
}

export function eventPath(id: string): string {
  return `/event/${encodeURIComponent(id)}`;
}

/**
 * The page a browser path opens (the same matching as the shell's router: a `:param` is one non-empty
 * segment; a trailing slash is allowed), or undefined for a path no page has (the 404 page).
 */
export function pageForPath(pathname: string): PageId | undefined {
  let path: string;
  try {
    path = decodeURI(pathname);
  } catch {
    return undefined;
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  for (const [page, pattern] of Object.entries(paths) as Array<[PageId, string]>) {
    const expected = pattern.split('/');
    const actual = path.split('/');
    if (expected.length !== actual.length) continue;
    if (expected.every((part, i) => (part.startsWith(':') ? (actual[i] ?? '').length > 0 : part === actual[i]))) return page;
  }
  return undefined;
}

/** A remote names each page's code chunk `page-<PageId>`, so the gateway can preload it for that page. */
export const PAGE_CHUNK_PREFIX = 'page-';
/** The file a remote's build writes beside its manifest: each page chunk group's files. */
export const PAGE_ASSETS_FILE = 'page-assets.json';
/** What PAGE_ASSETS_FILE holds: per page id, the JS and CSS files (relative to the manifest) its chunk group needs. */
export type PageAssets = Partial<Record<PageId, { js: string[]; css: string[] }>>;
