/**
 * Announcements (issue 15): an owner or membership officer writes an e-mail (subject, Markdown) to a segment
 * of the members and sends it. Sending is one transaction: the recipients are inserted (each account once:
 * the primary key) and the announcement is marked sent, with its audit entry; a second Send finds it sent
 * (409). The dispatcher (membership worker, dispatchAnnouncementMails) then turns the recipients into
 * e-mails at ANNOUNCEMENT_RATE_PER_MINUTE through the outbox, job id `announcement-<uid>-<userId>` (the
 * mailer's sent marker per key keeps a re-run from sending twice); the mailer reports each outcome on the
 * `email-outcomes` queue (recordEmailOutcome). Every e-mail carries an RFC 8058 one-click unsubscribe.
 */
import {
  ANNOUNCEMENT_ALREADY_SENT_MESSAGE,
  ANNOUNCEMENT_NOT_FOUND_MESSAGE,
  ANNOUNCEMENT_UNSUBSCRIBE_API_PATH,
  describeSegment,
  ONE_CLICK_UNSUBSCRIBE_BODY,
  QUEUES,
  type AnnouncementDetail,
  type AnnouncementDraft,
  type AnnouncementSegment,
  type AnnouncementSummary,
  type EmailJob,
  type EmailOutcomeJob,
} from '@tca/contracts';
import { addToOutbox, AppError, NotFoundError, renderEmail, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import {
  countSegment,
  failedRecipients,
  findAnnouncement,
  insertAnnouncement,
  insertRecipientsAndMarkSent,
  isOptedOut,
  listAnnouncements,
  lockAnnouncement,
  lockDueRecipients,
  lockUnsettledRecipients,
  markEnqueued,
  markSkipped,
  optOutByTokenHash,
  outboxJobStages,
  recordOutcome,
  setOptedOut,
  type AnnouncementRow,
  type DueRecipientRow,
} from '../data-access/announcement-repository.js';
import type { Db } from '../data-access/database.js';
import { renderAnnouncementMarkdown } from './announcement-markdown.js';
import { sitePage } from './account-emails.js';
import { emailTexts } from './email-texts.js';
import { recordAudit, type Actor } from './audit.js';
import { isTokenShaped, newToken, tokenHash } from './secrets.js';

export { renderAnnouncementMarkdown } from './announcement-markdown.js';

/** How many announcements the desk lists (newest first). */
export const ANNOUNCEMENTS_LISTED = 200;
/** How many failed recipients an announcement's page names. */
export const FAILURES_LISTED = 200;

function stateOf(row: AnnouncementRow): AnnouncementSummary['state'] {
  if (row.sent_at === null) return 'draft';
  return row.queued > 0 ? 'sending' : 'sent';
}

function summaryOf(row: AnnouncementRow): AnnouncementSummary {
  return {
    id: String(row.id),
    subject: row.subject,
    segment: row.segment,
    state: stateOf(row),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    sentBy: row.sent_by,
    sentAt: row.sent_at?.toISOString() ?? null,
    recipients: row.recipient_count,
    queued: row.queued,
    delivered: row.delivered,
    failed: row.failed,
    skipped: row.skipped,
  };
}

export async function announcementSummaries(db: Db): Promise<AnnouncementSummary[]> {
  return (await listAnnouncements(db, ANNOUNCEMENTS_LISTED)).map(summaryOf);
}

export async function announcementDetail(db: Db, id: number): Promise<AnnouncementDetail> {
  const row = await findAnnouncement(db, id);
  if (!row) throw new NotFoundError(ANNOUNCEMENT_NOT_FOUND_MESSAGE, 'announcement_not_found');
  const failures = await failedRecipients(db, id, FAILURES_LISTED);
  return { ...summaryOf(row), body: row.body, failures: failures.map((f) => ({ email: f.email, error: f.error ?? '' })) };
}

/** How many members the segment reaches now (unsubscribed ones left out). */
export function recipientCount(db: Db, segment: AnnouncementSegment): Promise<number> {
  return countSegment(db, segment);
}

/** A draft, recorded with its audit entry. */
export async function createAnnouncement(pool: Pool, draft: AnnouncementDraft, actor: Actor): Promise<AnnouncementSummary> {
  const id = await withTransaction(pool, async (client) => {
    const newId = await insertAnnouncement(client, { ...draft, createdBy: actor.email });
    await recordAudit(client, actor, 'announcement_created', `announcement-${newId}`, `"${draft.subject}" to ${describeSegment(draft.segment)}`);
    return newId;
  });
  return announcementDetail(pool, id);
}

/**
 * Sends a draft: its recipients inserted from the segment as it is now and the announcement marked sent, in
 * one transaction with its audit entry (the row lock makes two presses at once one send). 409
 * `already_sent` when it was sent before.
 */
export async function sendAnnouncement(pool: Pool, id: number, actor: Actor): Promise<AnnouncementSummary> {
  await withTransaction(pool, async (client) => {
    const row = await lockAnnouncement(client, id);
    if (!row) throw new NotFoundError(ANNOUNCEMENT_NOT_FOUND_MESSAGE, 'announcement_not_found');
    if (row.sent_at !== null) throw new AppError(409, 'already_sent', ANNOUNCEMENT_ALREADY_SENT_MESSAGE);
    const recipients = await insertRecipientsAndMarkSent(client, id, row.segment, actor.email);
    await recordAudit(client, actor, 'announcement_sent', `announcement-${id}`, `"${row.subject}" to ${describeSegment(row.segment)}: ${recipients} recipients`);
  });
  const sent = await findAnnouncement(pool, id);
  if (!sent) throw new NotFoundError(ANNOUNCEMENT_NOT_FOUND_MESSAGE, 'announcement_not_found');
  return summaryOf(sent);
}

// ---------------------------------------------------------------------------------------------
// The e-mails
// ---------------------------------------------------------------------------------------------

export interface AnnouncementMailSettings {
  brand: EmailBrand;
  publicUrl: string;
}

/** The job key (and outbox job id) of one member's copy: the same however often it is made (`uid`: the announcement's random uid). */
export function announcementKey(announcementUid: string, userId: number): string {
  return `announcement-${announcementUid}-${userId}`;
}

const KEY_PATTERN = /^announcement-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,10})$/;

export function unsubscribeLink(publicUrl: string, token: string): string {
  return sitePage(publicUrl, `${ANNOUNCEMENT_UNSUBSCRIBE_API_PATH}?token=${token}`);
}

/** One member's e-mail: the Markdown rendered, a visible unsubscribe link, and the RFC 8058 headers. */
export function announcementEmail(
  row: Pick<DueRecipientRow, 'announcement_uid' | 'user_id' | 'email' | 'first_name' | 'subject' | 'body'> & Partial<Pick<DueRecipientRow, 'language'>>,
  token: string,
  settings: AnnouncementMailSettings,
): EmailJob {
  const link = unsubscribeLink(settings.publicUrl, token);
  // The frame (greeting, unsubscribe) in the member's language; the announcement itself as it was written.
  const lang = row.language ?? 'en';
  const t = emailTexts(lang);
  const { subject, text, html } = renderEmail(
    {
      lang,
      subject: row.subject,
      blocks: [
        { type: 'paragraph', text: t('greeting', { firstName: row.first_name }) },
        { type: 'rendered', text: row.body, html: renderAnnouncementMarkdown(row.body) },
        { type: 'paragraph', text: t('announcement.why') },
        { type: 'link', text: t('announcement.unsubscribe'), href: link },
      ],
    },
    settings.brand,
  );
  return {
    key: announcementKey(row.announcement_uid, row.user_id),
    to: row.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': ONE_CLICK_UNSUBSCRIBE_BODY },
    reportOutcome: true,
  };
}

/**
 * Makes up to `limit` due recipients into e-mails in the outbox (one transaction; rows locked, so several
 * dispatchers share the work). A member who unsubscribed since Send is skipped. How many rows it handled.
 */
export async function dispatchAnnouncementMails(pool: Pool, settings: AnnouncementMailSettings, limit: number): Promise<number> {
  return withTransaction(pool, async (client) => {
    const due = await lockDueRecipients(client, limit);
    for (const row of due) {
      if (row.opted_out) {
        await markSkipped(client, row.announcement_id, row.user_id);
        continue;
      }
      const { token, hash } = newToken();
      const email = announcementEmail(row, token, settings);
      await markEnqueued(client, row.announcement_id, row.user_id, hash);
      await addToOutbox(client, { queue: QUEUES.email, name: 'announcement', jobId: email.key, payload: email });
    }
    return due.length;
  });
}

/** Records what the mailer reported about an announcement e-mail (other keys are not ours: ignored). Idempotent. */
export async function recordEmailOutcome(db: Db, outcome: EmailOutcomeJob): Promise<boolean> {
  const match = KEY_PATTERN.exec(outcome.key);
  if (!match) return false;
  return recordOutcome(db, match[1] ?? '', Number(match[2]), outcome.outcome, outcome.outcome === 'failed' ? (outcome.error ?? 'not delivered') : null);
}

/** What the e-mail queue says became of an announcement e-mail: still to run (waiting, delayed, running), sent, or given up. */
export type EmailJobFate = { state: 'pending' } | { state: 'delivered' } | { state: 'failed'; reason: string };
/**
 * Reads an e-mail job's fate from the queue. `outboxStage`: `settled` when the outbox relay has seen the job
 * run or be removed (or its row is gone), `relayed` while it has not; a job missing from the queue only means
 * "removed after it ran" once settled (before that, Redis may have lost it and the relay will queue it again).
 */
export type EmailJobFateReader = (key: string, outboxStage: 'relayed' | 'settled') => Promise<EmailJobFate>;

export interface SettleSweepResult {
  delivered: number;
  failed: number;
  /** Looked at and left queued (job still to run, or not yet relayed). */
  pending: number;
}

/** Recipients the sweep locks and looks up at once (one transaction, one round of job look-ups). */
export const SETTLE_SWEEP_BATCH = 100;
const PENDING: EmailJobFate = { state: 'pending' };

/**
 * Settles the outcomes that never came (issue 15): the mailer died after sending or giving up and before it
 * reported, or the outcome job was lost. Every recipient still queued `olderThanMinutes` after its e-mail
 * went into the outbox is settled from what the e-mail queue knows (`fateOf`); a job still to run, or an
 * outbox row not yet relayed, is left for a later sweep. Each page is one transaction holding the rows' locks,
 * and the write is recordOutcome's (only a queued row changes): whichever of the sweep and a late report
 * comes first is the one recorded, and the counts (made from the rows' statuses) never count one twice.
 */
export async function settleUnreportedRecipients(
  pool: Pool,
  fateOf: EmailJobFateReader,
  options: { olderThanMinutes: number; batchSize?: number },
): Promise<SettleSweepResult> {
  const batchSize = options.batchSize ?? SETTLE_SWEEP_BATCH;
  const total: SettleSweepResult = { delivered: 0, failed: 0, pending: 0 };
  let after = { announcementId: 0, userId: 0 };
  for (;;) {
    const page = await withTransaction(pool, async (client) => {
      const counts: SettleSweepResult = { delivered: 0, failed: 0, pending: 0 };
      const rows = await lockUnsettledRecipients(client, options.olderThanMinutes, after, batchSize);
      const keys = rows.map((row) => announcementKey(row.announcement_uid, row.user_id));
      const stages = await outboxJobStages(client, keys);
      const fates = await Promise.all(
        keys.map((key) => {
          const stage = stages.get(key) ?? 'settled';
          return stage === 'waiting' ? PENDING : fateOf(key, stage);
        }),
      );
      for (const [i, row] of rows.entries()) {
        const fate = fates[i] ?? PENDING;
        if (fate.state === 'pending') counts.pending += 1;
        else if (await recordOutcome(client, row.announcement_uid, row.user_id, fate.state, fate.state === 'failed' ? fate.reason.slice(0, 1000) : null)) counts[fate.state] += 1;
      }
      return { rows, counts };
    });
    total.delivered += page.counts.delivered;
    total.failed += page.counts.failed;
    total.pending += page.counts.pending;
    const last = page.rows.at(-1);
    if (last === undefined || page.rows.length < batchSize) return total;
    after = { announcementId: last.announcement_id, userId: last.user_id };
  }
}

// ---------------------------------------------------------------------------------------------
// Unsubscribing
// ---------------------------------------------------------------------------------------------

/** The one-click unsubscribe: true when the token was one of ours (the account is opted out, again harmlessly). */
export async function unsubscribeWithToken(db: Db, token: string): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  return (await optOutByTokenHash(db, tokenHash(token))) !== undefined;
}

export async function isSubscribed(db: Db, userId: number): Promise<boolean> {
  return !(await isOptedOut(db, userId));
}

export function setSubscribed(db: Db, userId: number, subscribed: boolean): Promise<void> {
  return setOptedOut(db, userId, !subscribed);
}
