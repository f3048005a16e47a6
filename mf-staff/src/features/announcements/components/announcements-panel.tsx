import { describeSegment, paths, type AnnouncementSummary } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { LoadFailure } from '../../../shared/load-failure.js';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listAnnouncements } from '../api/announcements-api.js';
import { announcementPath, countsText, STATE_LABELS, TEXTS } from '../announcement-form.js';
import { AnnouncementCompose } from './announcement-compose.js';
import styles from '../../../shared/staff.module.css';

const nouns = { one: 'announcement', many: 'announcements' };
const WHEN = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Adelaide' });

export const whenText = (iso: string) => WHEN.format(new Date(iso));

/** /staff/announcements (membership officers and owners): compose, then every announcement with its counts. */
export function AnnouncementsPanel() {
  const { load, reload } = useStaffLoad(listAnnouncements, 'an announcement list');
  return (
    <Page title={TEXTS.title} lead={TEXTS.lead}>
      <p className={styles.actions}>
        <Link to={paths.staffHome} className={styles.secondary}>
          {TEXTS.back}
        </Link>
      </p>
      <AnnouncementCompose onSaved={reload} />
      {load.kind === 'loading' ? <Spinner label="Loading the announcements..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The announcements could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <AnnouncementRows announcements={load.answer.announcements} /> : null}
    </Page>
  );
}

export function AnnouncementRows({ announcements }: { announcements: readonly AnnouncementSummary[] }) {
  return (
    <StaffRows items={announcements} nouns={nouns} firstHint="Write the first above." keyOf={(a) => a.id}>
      {(a) => (
        <>
          <div>
            <p className={styles.name}>
              <Link to={announcementPath(a.id)}>{a.subject}</Link>
            </p>
            <span className={styles.since}>{describeSegment(a.segment)}</span>
          </div>
          <LabelledCell label="Recipients">
            <span>{a.state === 'draft' ? 'Not sent yet' : `${a.recipients}: ${countsText(a)}`}</span>
          </LabelledCell>
          <LabelledCell label="Status">
            <span className={a.failed > 0 ? styles.warn : a.state === 'sent' ? styles.ok : styles.badge}>{STATE_LABELS[a.state]}</span>
          </LabelledCell>
          <LabelledCell label={a.sentAt ? 'Sent' : 'Written'}>
            <span>{whenText(a.sentAt ?? a.createdAt)}</span>
          </LabelledCell>
        </>
      )}
    </StaffRows>
  );
}
