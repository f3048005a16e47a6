import type { RemoteRoutesModule } from '@tca/contracts';
import { prefetchContent } from '../shared/content/content-cache.js';
import { getBlogPosts } from '../features/blog/api/get-blog-posts.js';
import { getLatestPosts } from '../features/blog/api/get-latest-posts.js';
import { getEvents } from '../features/events/api/get-events.js';
import { getGalleryEvents } from '../features/gallery/api/get-gallery-events.js';
import { getSponsors } from '../features/home/api/get-sponsors.js';
import { getTeamMembers } from '../features/team/api/get-team-members.js';

/**
 * The pages this remote owns, for the shell: each page's code, and the lists it shows first, which
 * the shell fetches behind its one-second loader so the page paints complete. Each chunk is named
 * `page-<PageId>` so the gateway can preload it (PAGE_CHUNK_PREFIX in @tca/contracts).
 */
export const pages: RemoteRoutesModule<'content'>['pages'] = {
  home: {
    load: () => import(/* webpackChunkName: "page-home" */ './pages/home-page.js').then((m) => m.HomePage),
    prepare: () => prefetchContent([getSponsors, getLatestPosts, getEvents]),
  },
  about: { load: () => import(/* webpackChunkName: "page-about" */ './pages/about-page.js').then((m) => m.AboutPage) },
  team: {
    load: () => import(/* webpackChunkName: "page-team" */ './pages/team-page.js').then((m) => m.TeamPage),
    prepare: () => prefetchContent([getTeamMembers]),
  },
  events: {
    load: () => import(/* webpackChunkName: "page-events" */ './pages/events-page.js').then((m) => m.EventsPage),
    prepare: () => prefetchContent([getEvents]),
  },
  event: {
    load: () => import(/* webpackChunkName: "page-event" */ './pages/event-page.js').then((m) => m.EventPage),
    prepare: () => prefetchContent([getEvents]),
  },
  gallery: {
    load: () => import(/* webpackChunkName: "page-gallery" */ './pages/gallery-page.js').then((m) => m.GalleryPage),
    prepare: () => prefetchContent([getGalleryEvents]),
  },
  blog: {
    load: () => import(/* webpackChunkName: "page-blog" */ './pages/blog-page.js').then((m) => m.BlogPage),
    prepare: () => prefetchContent([getBlogPosts]),
  },
  blogPost: {
    load: () => import(/* webpackChunkName: "page-blogPost" */ './pages/blog-post-page.js').then((m) => m.BlogPostPage),
    prepare: () => prefetchContent([getBlogPosts]),
  },
  contact: { load: () => import(/* webpackChunkName: "page-contact" */ './pages/contact-page.js').then((m) => m.ContactPage) },
  raiseTicket: { load: () => import(/* webpackChunkName: "page-raiseTicket" */ './pages/raise-ticket-page.js').then((m) => m.RaiseTicketPage) },
  tamilSchools: { load: () => import(/* webpackChunkName: "page-tamilSchools" */ './pages/tamil-schools-page.js').then((m) => m.TamilSchoolsPage) },
  terms: { load: () => import(/* webpackChunkName: "page-terms" */ './pages/terms-page.js').then((m) => m.TermsPage) },
  privacy: { load: () => import(/* webpackChunkName: "page-privacy" */ './pages/privacy-page.js').then((m) => m.PrivacyPage) },
};
