import { hasStaffRole, pageForPath, paths, STAFF_ROLES, type StaffRole } from '@tca/contracts';

/** One area of the staff console, as a card on the staff home. */
export interface StaffArea {
  path: string;
  title: string;
  description: string;
  /** Who may open it (an owner may open every area). */
  roles: readonly StaffRole[];
}

/**
 * The areas the staff roles open, in the order the staff home lists them. An area whose page is not in the
 * site's route table shows as "not open yet" without a link, so the home never links to a page that is not there.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  { path: '/staff/posts', title: 'Blog posts', description: 'Write, schedule, publish and unpublish posts.', roles: ['editor'] },
  { path: paths.staffEvents, title: 'Events', description: 'Add events, change them, cancel them.', roles: ['editor'] },
  { path: '/staff/gallery', title: 'Gallery', description: 'Albums and their photos, with alt text.', roles: ['editor'] },
  { path: '/staff/team', title: 'Team', description: 'The team page: people, roles and their order.', roles: ['editor'] },
  { path: '/staff/sponsors', title: 'Sponsors', description: 'Sponsors, their logos, links and order.', roles: ['editor'] },
  { path: paths.staffMembers, title: 'Members desk', description: 'Find members and their memberships, decide membership requests (the member is e-mailed), export the roll as CSV.', roles: ['membership_officer'] },
  { path: paths.staffAnnouncements, title: 'Announcements', description: 'E-mail the members (all Active, one level, or ending soon) and see what was delivered.', roles: ['membership_officer'] },
  { path: paths.staffOrders, title: 'Orders and refunds', description: 'Every checkout by state, problems first; an order’s Stripe ids and history; refund a paid order in full.', roles: ['treasurer'] },
  { path: paths.staffRevenue, title: 'Revenue', description: 'Paid, refunded and net per month and level for a year, as a chart and tables; download it as CSV.', roles: ['treasurer'] },
  { path: paths.staffSupport, title: 'Support tickets', description: 'Answer tickets (the member is e-mailed), notes, assign, close and reopen.', roles: ['support'] },
  { path: paths.staffContact, title: 'Contact messages', description: 'The contact form’s inbox: who handled each message.', roles: ['support'] },
  { path: paths.staffPeople, title: 'Staff and invitations', description: 'Invite staff, change their roles, remove them.', roles: ['owner'] },
  { path: paths.staffAudit, title: 'Audit log', description: 'Every staff action in one list: who, when, what changed.', roles: ['owner'] },
  { path: paths.staffQueues, title: 'Queues', description: 'Background jobs (e-mails, payments, reminders) and the ones that failed.', roles: STAFF_ROLES },
];

export interface OpenArea extends StaffArea {
  /** False while the area's page is not in the route table. */
  open: boolean;
}

/** The areas these roles open, in the order above. */
export function areasFor(roles: readonly StaffRole[], areas: readonly StaffArea[] = STAFF_AREAS): OpenArea[] {
  return areas.filter((area) => hasStaffRole(roles, area.roles)).map((area) => ({ ...area, open: pageForPath(area.path) !== undefined }));
}
