import { paths, type AnnouncementSummary } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { useEnglishPart } from '../../../shared/english-part.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { momentText } from '../../../shared/paging.js';
import { LabelledCell, StaffRows } from '../../../shared/staff-list-panel.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { listAnnouncements } from '../api/announcements-api.js';
import { announcementPath, countsText, segmentText, stateLabel } from '../announcement-form.js';
import { announcementsCatalog } from '../messages.js';
import { AnnouncementCompose } from './announcement-compose.js';
import styles from '../../../shared/staff.module.css';

/** When an announcement was sent or written, in Adelaide time and the language shown. */
export const whenText = (iso: string) => momentText(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** /staff/announcements (membership officers and owners): compose, then every announcement with its counts. */
export function AnnouncementsPanel() {
  const { load, reload } = useStaffLoad(listAnnouncements, 'an announcement list');
  const t = useT(announcementsCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <p className={styles.actions}>
        <Link to={paths.staffHome} className={styles.secondary}>
          {t('page.back')}
        </Link>
      </p>
      <AnnouncementCompose onSaved={reload} />
      {load.kind === 'loading' ? <Spinner label={t('list.loading')} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={t('list.failed')} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <AnnouncementRows announcements={load.answer.announcements} /> : null}
    </Page>
  );
}

export function AnnouncementRows({ announcements }: { announcements: readonly AnnouncementSummary[] }) {
  const t = useT(announcementsCatalog);
  // Subjects are as the officer wrote them (announcements have no Tamil version): marked English on a Tamil page.
  const english = useEnglishPart();
  return (
    <StaffRows items={announcements} texts={{ empty: t('list.empty'), count: (n) => t('list.count', { n }) }} titleId="announcements-title" keyOf={(a) => a.id}>
      {(a) => (
        <>
          <div>
            <p className={styles.name}>
              <Link to={announcementPath(a.id)} lang={english}>
                {a.subject}
              </Link>
            </p>
            <span className={styles.since}>{segmentText(a.segment)}</span>
          </div>
          <LabelledCell label={t('list.recipients')}>
            <span>{a.state === 'draft' ? t('list.notSent') : `${a.recipients}: ${countsText(a)}`}</span>
          </LabelledCell>
          <LabelledCell label={t('list.status')}>
            <span className={a.failed > 0 ? styles.warn : a.state === 'sent' ? styles.ok : styles.badge}>{stateLabel(a.state)}</span>
          </LabelledCell>
          <LabelledCell label={a.sentAt ? t('list.sent') : t('list.written')}>
            <span>{whenText(a.sentAt ?? a.createdAt)}</span>
          </LabelledCell>
        </>
      )}
    </StaffRows>
  );
}
