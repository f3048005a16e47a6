/**
 * The API paths of the spec (§7), unchanged, and the service that owns each. The gateway forwards
 * by this table; a path that is not listed here is not an API path.
 */
export const SERVICES = ['content', 'identity', 'payments'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface ApiRoute {
  /** Exact path, or a prefix when it ends with '/'. */
  path: string;
  service: ServiceName;
}

export const API_ROUTES: readonly ApiRoute[] = [
  { path: '/auth/', service: 'identity' },
  { path: '/blog/get', service: 'content' },
  // Beyond the spec: the home page's 3 newest posts as cards show them (no bodies).
  { path: '/blog/latest', service: 'content' },
  { path: '/gallery/get', service: 'content' },
  { path: '/teammanagement/get', service: 'content' },
  // /events/get, and the calendars /events/{_id}.ics and /events/calendar.ics
  { path: '/events/', service: 'content' },
  { path: '/sponsorship/get', service: 'content' },
  { path: '/uploads/', service: 'content' },
  { path: '/email/send', service: 'content' },
  { path: '/supportdesk/add', service: 'content' },
  // Beyond the spec: what a logged-in member sent (Download my data).
  { path: '/email/mine', service: 'content' },
  { path: '/supportdesk/mine', service: 'content' },
  // Beyond the spec (issue 15): the member's tickets with their conversations, replies and reopening.
  { path: '/supportdesk/mine/', service: 'content' },
  // Passport and supporting documents are kept with the checkout order (payments): upload, and the owner's download.
  { path: '/membership/documents', service: 'payments' },
  { path: '/membership/documents/', service: 'payments' },
  // Memberships are account data: identity owns them (payments asks identity to create one).
  { path: '/membership/', service: 'identity' },
  { path: '/create-checkout-session', service: 'payments' },
  // GET /checkout-session/{session_id}; beyond the spec, POST /checkout-session/{session_id or order reference}/abandon (the cancel page).
  { path: '/checkout-session/', service: 'payments' },
  // The staff area's APIs (issue 14): content editing on content, the rest (staff, roles, audit) on identity.
  { path: '/staff-api/content/', service: 'content' },
  // The treasurer's desk and members' orders and documents (issue 15) on payments; before identity's catch-all.
  { path: '/staff-api/payments/', service: 'payments' },
  { path: '/staff-api/', service: 'identity' },
  { path: '/stripe/webhook', service: 'payments' },
  { path: '/webhooks/stripe', service: 'payments' },
];

/** The service that owns an API path, or undefined for any other path (pages, assets). */
export function serviceForPath(pathname: string): ServiceName | undefined {
  for (const route of API_ROUTES) {
    const matches = route.path.endsWith('/') ? pathname.startsWith(route.path) : pathname === route.path;
    if (matches) return route.service;
  }
  return undefined;
}
