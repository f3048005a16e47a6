import { lazy } from 'react';
import type { RemoteRoutesModule } from '@tca/contracts';

/** One lazily loaded component per page this remote owns; the shell maps them to its routes. */
export const pages: RemoteRoutesModule<'content'>['pages'] = {
  home: lazy(() => import('./pages/home-page.js').then((m) => ({ default: m.HomePage }))),
  about: lazy(() => import('./pages/about-page.js').then((m) => ({ default: m.AboutPage }))),
  team: lazy(() => import('./pages/team-page.js').then((m) => ({ default: m.TeamPage }))),
  events: lazy(() => import('./pages/events-page.js').then((m) => ({ default: m.EventsPage }))),
  gallery: lazy(() => import('./pages/gallery-page.js').then((m) => ({ default: m.GalleryPage }))),
  blog: lazy(() => import('./pages/blog-page.js').then((m) => ({ default: m.BlogPage }))),
  blogPost: lazy(() => import('./pages/blog-post-page.js').then((m) => ({ default: m.BlogPostPage }))),
  contact: lazy(() => import('./pages/contact-page.js').then((m) => ({ default: m.ContactPage }))),
  raiseTicket: lazy(() => import('./pages/raise-ticket-page.js').then((m) => ({ default: m.RaiseTicketPage }))),
  tamilSchools: lazy(() => import('./pages/tamil-schools-page.js').then((m) => ({ default: m.TamilSchoolsPage }))),
  terms: lazy(() => import('./pages/terms-page.js').then((m) => ({ default: m.TermsPage }))),
  privacy: lazy(() => import('./pages/privacy-page.js').then((m) => ({ default: m.PrivacyPage }))),
};
