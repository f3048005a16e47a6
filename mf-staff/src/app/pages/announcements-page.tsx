import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { AnnouncementsPanel } from '../../features/announcements/components/announcements-panel.js';
import { AnnouncementView } from '../../features/announcements/components/announcement-view.js';

/** /staff/announcements (membership officers and owners): compose an announcement, and every one sent with its counts. */
export function AnnouncementsPage() {
  return <StaffGate roles={['membership_officer']}>{() => <AnnouncementsPanel />}</StaffGate>;
}

/** /staff/announcements/:id (membership officers and owners): one announcement's delivery. */
export function AnnouncementPage() {
  const { id = '' } = useParams();
  return <StaffGate roles={['membership_officer']}>{() => <AnnouncementView key={id} id={id} />}</StaffGate>;
}
