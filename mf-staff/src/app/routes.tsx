import type { RemoteRoutesModule } from '@tca/contracts';

/**
 * The staff area's pages (issue 14), for the shell: each page's code, fetched when its route opens, in
 * a chunk named `page-<PageId>` (PAGE_CHUNK_PREFIX in @tca/contracts). Nothing here is in a public page's
 * first load: the shell fetches this remote only when a /staff route opens.
 */
export const pages: RemoteRoutesModule<'staff'>['pages'] = {
  staffHome: { load: () => import(/* webpackChunkName: "page-staffHome" */ './pages/staff-home-page.js').then((m) => m.StaffHomePage) },
  staffAcceptInvitation: {
    load: () => import(/* webpackChunkName: "page-staffAcceptInvitation" */ './pages/accept-invitation-page.js').then((m) => m.AcceptInvitationPage),
  },
  staffPeople: { load: () => import(/* webpackChunkName: "page-staffPeople" */ './pages/people-page.js').then((m) => m.PeoplePage) },
  staffPosts: { load: () => import(/* webpackChunkName: "page-staffPosts" */ './pages/posts-page.js').then((m) => m.PostsPage) },
  staffPostNew: { load: () => import(/* webpackChunkName: "page-staffPostNew" */ './pages/post-editor-page.js').then((m) => m.NewPostPage) },
  staffPost: { load: () => import(/* webpackChunkName: "page-staffPost" */ './pages/post-editor-page.js').then((m) => m.EditPostPage) },
  staffEvents: { load: () => import(/* webpackChunkName: "page-staffEvents" */ './pages/events-page.js').then((m) => m.EventsPage) },
  staffEventNew: { load: () => import(/* webpackChunkName: "page-staffEventNew" */ './pages/event-editor-page.js').then((m) => m.NewEventPage) },
  staffEvent: { load: () => import(/* webpackChunkName: "page-staffEvent" */ './pages/event-editor-page.js').then((m) => m.EditEventPage) },
  staffTeam: { load: () => import(/* webpackChunkName: "page-staffTeam" */ './pages/team-page.js').then((m) => m.TeamPage) },
  staffSponsors: { load: () => import(/* webpackChunkName: "page-staffSponsors" */ './pages/sponsors-page.js').then((m) => m.SponsorsPage) },
  staffMembers: { load: () => import(/* webpackChunkName: "page-staffMembers" */ './pages/members-page.js').then((m) => m.MembersPage) },
  staffMember: { load: () => import(/* webpackChunkName: "page-staffMember" */ './pages/members-page.js').then((m) => m.MemberPage) },
  staffAnnouncements: { load: () => import(/* webpackChunkName: "page-staffAnnouncements" */ './pages/announcements-page.js').then((m) => m.AnnouncementsPage) },
  staffAnnouncement: { load: () => import(/* webpackChunkName: "page-staffAnnouncement" */ './pages/announcements-page.js').then((m) => m.AnnouncementPage) },
  staffAudit: { load: () => import(/* webpackChunkName: "page-staffAudit" */ './pages/audit-page.js').then((m) => m.AuditPage) },
  staffQueues: { load: () => import(/* webpackChunkName: "page-staffQueues" */ './pages/queues-page.js').then((m) => m.QueuesPage) },
  staffSupport: { load: () => import(/* webpackChunkName: "page-staffSupport" */ './pages/support-pages.js').then((m) => m.SupportPage) },
  staffTicket: { load: () => import(/* webpackChunkName: "page-staffTicket" */ './pages/support-pages.js').then((m) => m.TicketPage) },
  staffContact: { load: () => import(/* webpackChunkName: "page-staffContact" */ './pages/support-pages.js').then((m) => m.ContactPage) },
  staffOrders: { load: () => import(/* webpackChunkName: "page-staffOrders" */ './pages/treasurer-pages.js').then((m) => m.OrdersPage) },
  staffOrder: { load: () => import(/* webpackChunkName: "page-staffOrder" */ './pages/treasurer-pages.js').then((m) => m.OrderPage) },
  staffRevenue: { load: () => import(/* webpackChunkName: "page-staffRevenue" */ './pages/revenue-page.js').then((m) => m.RevenuePage) },
  staffGallery: { load: () => import(/* webpackChunkName: "page-staffGallery" */ './pages/gallery-pages.js').then((m) => m.GalleryPage) },
  staffAlbumNew: { load: () => import(/* webpackChunkName: "page-staffAlbumNew" */ './pages/gallery-pages.js').then((m) => m.NewAlbumPage) },
  staffAlbum: { load: () => import(/* webpackChunkName: "page-staffAlbum" */ './pages/gallery-pages.js').then((m) => m.EditAlbumPage) },
};
