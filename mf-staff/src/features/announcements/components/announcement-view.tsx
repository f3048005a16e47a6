import { useCallback, useState } from 'react';
import type { AnnouncementDetail } from '@tca/contracts';
import { notify, Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { useEnglishPart } from '../../../shared/english-part.js';
import { knownText } from '../../../shared/known-text.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { getAnnouncement, previewAnnouncement, sendAnnouncement } from '../api/announcements-api.js';
import { segmentText, sendDescription, stateLabel } from '../announcement-form.js';
import { announcementsCatalog } from '../messages.js';
import { useRecipientCount } from '../use-recipient-count.js';
import { whenText } from './announcements-panel.js';
import { PreviewBox } from './preview-box.js';
import styles from '../../../shared/staff.module.css';
import table from '../../../shared/staff-table.module.css';
import own from '../announcements.module.css';

/** /staff/announcements/:id: one announcement, its counts (Refresh while it is sending), failed recipients, and Send for a draft. */
export function AnnouncementView({ id }: { id: string }) {
  const call = useCallback((token: string, signal: AbortSignal) => getAnnouncement(token, id, signal), [id]);
  const { load, reload } = useStaffLoad(call, 'an announcement');
  const t = useT(announcementsCatalog);
  return (
    <>
      {load.kind === 'loading' ? (
        <Page title={t('page.title')}>
          <Spinner label={t('view.loading')} />
        </Page>
      ) : null}
      {load.kind === 'failed' ? (
        <Page title={t('page.title')}>
          <BackLink />
          <LoadFailure title={t('view.failed')} detail={load.detail} onRetry={load.status === 404 ? undefined : reload} />
        </Page>
      ) : null}
      {load.kind === 'ready' ? <AnnouncementPage announcement={load.answer} reload={reload} /> : null}
    </>
  );
}

function BackLink() {
  const t = useT(announcementsCatalog);
  return (
    <p className={styles.actions}>
      <Link to="/staff/announcements" className={styles.secondary}>
        {t('page.backToList')}
      </Link>
    </p>
  );
}

function AnnouncementPage({ announcement: a, reload }: { announcement: AnnouncementDetail; reload: () => void }) {
  const preview = useMarkdownPreview(a.body, previewAnnouncement);
  const t = useT(announcementsCatalog);
  // The announcement as the officer wrote it (no Tamil version): marked English on a Tamil page.
  const english = useEnglishPart();
  const [segment, state] = [segmentText(a.segment), stateLabel(a.state)];
  const lead = a.sentAt ? t('view.sentBy', { segment, state, when: whenText(a.sentAt), email: a.sentBy ?? '' }) : t('view.writtenBy', { segment, state, email: a.createdBy });
  return (
    <Page title={a.subject} lead={lead}>
      <BackLink />
      {a.state === 'draft' ? <SendDraft announcement={a} onSent={reload} /> : <Counts announcement={a} onRefresh={reload} />}
      <section className={styles.section} aria-labelledby="message-title">
        <h2 id="message-title" className={styles.sectionTitle}>
          {t('view.message')}
        </h2>
        <PreviewBox html={preview.html} empty={t('compose.previewEmpty')} lang={english} />
      </section>
      {a.state === 'draft' ? null : <Failures announcement={a} />}
    </Page>
  );
}

function Counts({ announcement: a, onRefresh }: { announcement: AnnouncementDetail; onRefresh: () => void }) {
  const t = useT(announcementsCatalog);
  const cells: Array<[string, number]> = [
    [t('view.recipients'), a.recipients],
    [t('view.delivered'), a.delivered],
    [t('view.failedCount'), a.failed],
    [t('view.queued'), a.queued],
  ];
  if (a.skipped > 0) cells.push([t('view.skipped'), a.skipped]);
  return (
    <section className={styles.section} aria-labelledby="counts-title">
      <h2 id="counts-title" className={styles.sectionTitle}>
        {t('view.delivery')}
      </h2>
      <dl className={own.counts}>
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={onRefresh}>
          {t('view.refresh')}
        </button>
      </p>
    </section>
  );
}

function Failures({ announcement: a }: { announcement: AnnouncementDetail }) {
  const t = useT(announcementsCatalog);
  const english = useEnglishPart();
  return (
    <section className={styles.section} aria-labelledby="failures-title">
      <h2 id="failures-title" className={styles.sectionTitle}>
        {t('view.failures')}
      </h2>
      {a.failures.length === 0 ? (
        <p>{t('view.noFailures')}</p>
      ) : (
        <table className={table.table}>
          <caption className="tca-visually-hidden">{t('view.failures')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('view.email')}</th>
              <th scope="col">{t('view.why')}</th>
            </tr>
          </thead>
          <tbody>
            {a.failures.map((f) => (
              <tr key={f.email}>
                <td className={own.body}>{f.email}</td>
                <td lang={english}>{f.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SendDraft({ announcement: a, onSent }: { announcement: AnnouncementDetail; onSent: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useStaffAction();
  const { count } = useRecipientCount(a.segment);
  const t = useT(announcementsCatalog);
  useT(sharedCatalog);
  async function send() {
    const outcome = await run((token) => sendAnnouncement(token, a.id));
    setConfirming(false);
    if (outcome.ok) notify.success(knownText(outcome.answer?.message ?? t('send.sent'), sharedCatalog));
    else notify.error(outcome.text);
    onSent();
  }
  return (
    <section className={styles.section} aria-labelledby="send-title">
      <h2 id="send-title" className={styles.sectionTitle}>
        {t('view.notSent')}
      </h2>
      <p>{sendDescription(count, a.segment)}</p>
      <p className={styles.actions}>
        <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && setConfirming(true)}>
          {t('send.confirm')}
        </button>
      </p>
      {confirming ? (
        <ConfirmDialog
          title={t('send.title', { subject: a.subject })}
          written={a.subject}
          description={sendDescription(count, a.segment)}
          confirmLabel={t('send.confirm')}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
