import { useCallback, useState } from 'react';
import { describeSegment, type AnnouncementDetail } from '@tca/contracts';
import { notify, Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useMarkdownPreview } from '../../../shared/use-markdown-preview.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { getAnnouncement, previewAnnouncement, sendAnnouncement } from '../api/announcements-api.js';
import { STATE_LABELS, TEXTS } from '../announcement-form.js';
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
  return (
    <>
      {load.kind === 'loading' ? (
        <Page title={TEXTS.title}>
          <Spinner label="Loading the announcement..." />
        </Page>
      ) : null}
      {load.kind === 'failed' ? (
        <Page title={TEXTS.title}>
          <BackLink />
          <LoadFailure title="The announcement could not be loaded." detail={load.detail} onRetry={load.status === 404 ? undefined : reload} />
        </Page>
      ) : null}
      {load.kind === 'ready' ? <AnnouncementPage announcement={load.answer} reload={reload} /> : null}
    </>
  );
}

function BackLink() {
  return (
    <p className={styles.actions}>
      <Link to="/staff/announcements" className={styles.secondary}>
        {TEXTS.backToList}
      </Link>
    </p>
  );
}

function AnnouncementPage({ announcement: a, reload }: { announcement: AnnouncementDetail; reload: () => void }) {
  const preview = useMarkdownPreview(a.body, previewAnnouncement);
  const lead = `${describeSegment(a.segment)} · ${STATE_LABELS[a.state]}${a.sentAt ? ` ${whenText(a.sentAt)} by ${a.sentBy ?? ''}` : ` · written by ${a.createdBy}`}`;
  return (
    <Page title={a.subject} lead={lead}>
      <BackLink />
      {a.state === 'draft' ? <SendDraft announcement={a} onSent={reload} /> : <Counts announcement={a} onRefresh={reload} />}
      <section className={styles.section} aria-labelledby="message-title">
        <h2 id="message-title" className={styles.sectionTitle}>
          Message
        </h2>
        <PreviewBox html={preview.html} empty={TEXTS.previewEmpty} />
      </section>
      {a.state === 'draft' ? null : <Failures announcement={a} />}
    </Page>
  );
}

function Counts({ announcement: a, onRefresh }: { announcement: AnnouncementDetail; onRefresh: () => void }) {
  const cells: Array<[string, number]> = [
    ['Recipients', a.recipients],
    ['Delivered', a.delivered],
    ['Failed', a.failed],
    ['Queued', a.queued],
  ];
  if (a.skipped > 0) cells.push(['Unsubscribed before their turn', a.skipped]);
  return (
    <section className={styles.section} aria-labelledby="counts-title">
      <h2 id="counts-title" className={styles.sectionTitle}>
        Delivery
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
          {TEXTS.refresh}
        </button>
      </p>
    </section>
  );
}

function Failures({ announcement: a }: { announcement: AnnouncementDetail }) {
  return (
    <section className={styles.section} aria-labelledby="failures-title">
      <h2 id="failures-title" className={styles.sectionTitle}>
        {TEXTS.failuresTitle}
      </h2>
      {a.failures.length === 0 ? (
        <p>{TEXTS.noFailures}</p>
      ) : (
        <table className={table.table}>
          <caption className="tca-visually-hidden">{TEXTS.failuresTitle}</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {a.failures.map((f) => (
              <tr key={f.email}>
                <td className={own.body}>{f.email}</td>
                <td>{f.error}</td>
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
  async function send() {
    const outcome = await run((token) => sendAnnouncement(token, a.id));
    setConfirming(false);
    if (outcome.ok) notify.success(outcome.answer?.message ?? TEXTS.sent);
    else notify.error(outcome.text);
    onSent();
  }
  return (
    <section className={styles.section} aria-labelledby="send-title">
      <h2 id="send-title" className={styles.sectionTitle}>
        Not sent yet
      </h2>
      <p>{TEXTS.sendDescription(count, a.segment)}</p>
      <p className={styles.actions}>
        <button type="button" className="tca-button" aria-disabled={busy || undefined} onClick={() => !busy && setConfirming(true)}>
          {TEXTS.sendConfirm}
        </button>
      </p>
      {confirming ? (
        <ConfirmDialog
          title={TEXTS.sendTitle(a.subject)}
          description={TEXTS.sendDescription(count, a.segment)}
          confirmLabel={TEXTS.sendConfirm}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
