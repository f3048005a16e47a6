import type { SiteLang } from '@tca/service-kit';
import type { AnnouncementSegment } from '@tca/contracts';
import type { Db } from './database.js';
import { adelaideDateSql, END_SQL } from './membership-repository.js';

/**
 * The `announcements` and `announcement_recipients` tables (migration 009), and the members a segment
 * reaches: accounts with an Active membership (of the level, or ending within N days), that have not
 * unsubscribed (users.announcements_opt_out_at).
 */

const TODAY = adelaideDateSql();
/** Active as the member sees it: Active (or Current) and, for an annual level, not past its end. */
const ACTIVE_SQL = `m.status IN ('Active', 'Current') AND (m.term <> 'annual' OR ${END_SQL} > ${TODAY})`;

/** The WHERE condition on `m` (memberships) for a segment, its values from `$first`. */
function segmentCondition(segment: AnnouncementSegment, first: number): { sql: string; values: unknown[] } {
  switch (segment.kind) {
    case 'all-active':
      return { sql: ACTIVE_SQL, values: [] };
    case 'level':
      return { sql: `${ACTIVE_SQL} AND m.membership_name = $${first}`, values: [segment.level] };
    case 'ending-within':
      return { sql: `${ACTIVE_SQL} AND m.term = 'annual' AND ${END_SQL} <= ${TODAY} + $${first}::int`, values: [segment.days] };
  }
}

/** The accounts a segment reaches now (one row each), subscribed ones only; values start at `$first`. */
function segmentUsersSql(segment: AnnouncementSegment, first: number): { sql: string; values: unknown[] } {
  const condition = segmentCondition(segment, first);
  return {
    sql: `SELECT u.id AS user_id, u.email FROM users u
           WHERE u.announcements_opt_out_at IS NULL
             AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND ${condition.sql})`,
    values: condition.values,
  };
}

export async function countSegment(db: Db, segment: AnnouncementSegment): Promise<number> {
  const users = segmentUsersSql(segment, 1);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${users.sql}) s`, users.values);
  return rows[0]?.n ?? 0;
}

export interface AnnouncementRow {
  id: number;
  subject: string;
  body: string;
  segment: AnnouncementSegment;
  created_by: string;
  created_at: Date;
  sent_by: string | null;
  sent_at: Date | null;
  recipient_count: number;
  queued: number;
  delivered: number;
  failed: number;
  skipped: number;
}

const COUNTS_SQL = `
  (SELECT count(*) FILTER (WHERE r.status = 'queued')::int AS queued,
          count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered,
          count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
          count(*) FILTER (WHERE r.status = 'skipped')::int AS skipped
     FROM announcement_recipients r WHERE r.announcement_id = a.id) c`;
const ROW_SQL = `SELECT a.*, c.* FROM announcements a CROSS JOIN LATERAL ${COUNTS_SQL}`;

export async function insertAnnouncement(db: Db, draft: { subject: string; body: string; segment: AnnouncementSegment; createdBy: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO announcements (subject, body, segment, created_by) VALUES ($1, $2, $3::jsonb, $4) RETURNING id', [
    draft.subject,
    draft.body,
    JSON.stringify(draft.segment),
    draft.createdBy,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insertAnnouncement: no id returned');
  return id;
}

/** Newest first, with the recipients' counts per status. */
export async function listAnnouncements(db: Db, limit: number): Promise<AnnouncementRow[]> {
  const { rows } = await db.query<AnnouncementRow>(`${ROW_SQL} ORDER BY a.id DESC LIMIT $1`, [limit]);
  return rows;
}

export async function findAnnouncement(db: Db, id: number): Promise<AnnouncementRow | undefined> {
  const { rows } = await db.query<AnnouncementRow>(`${ROW_SQL} WHERE a.id = $1`, [id]);
  return rows[0];
}

/** The announcement's row, locked for the rest of the transaction (a second Send waits, then sees it sent). */
export async function lockAnnouncement(db: Db, id: number): Promise<{ id: number; subject: string; sent_at: Date | null; segment: AnnouncementSegment } | undefined> {
  const { rows } = await db.query<{ id: number; subject: string; sent_at: Date | null; segment: AnnouncementSegment }>(
    'SELECT id, subject, sent_at, segment FROM announcements WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

/** Inserts the segment's recipients (each account once, ever) and marks the announcement sent; how many. */
export async function insertRecipientsAndMarkSent(db: Db, id: number, segment: AnnouncementSegment, sentBy: string): Promise<number> {
  const users = segmentUsersSql(segment, 2);
  const inserted = await db.query(
    `INSERT INTO announcement_recipients (announcement_id, user_id, email)
     SELECT $1, s.user_id, s.email FROM (${users.sql}) s
     ON CONFLICT (announcement_id, user_id) DO NOTHING`,
    [id, ...users.values],
  );
  const count = inserted.rowCount ?? 0;
  await db.query('UPDATE announcements SET sent_at = now(), sent_by = $2, recipient_count = $3 WHERE id = $1', [id, sentBy, count]);
  return count;
}

export async function failedRecipients(db: Db, id: number, limit: number): Promise<Array<{ email: string; error: string | null }>> {
  const { rows } = await db.query<{ email: string; error: string | null }>(
    `SELECT email, error FROM announcement_recipients WHERE announcement_id = $1 AND status = 'failed' ORDER BY email LIMIT $2`,
    [id, limit],
  );
  return rows;
}

export interface DueRecipientRow {
  announcement_id: number;
  announcement_uid: string;
  user_id: number;
  email: string;
  first_name: string;
  /** The member's account language: the e-mail's frame is written in it (the announcement as its author wrote it). */
  language: SiteLang;
  subject: string;
  body: string;
  opted_out: boolean;
}

/** The next recipients not yet made into e-mails (oldest announcement first), locked; others' dispatchers skip them. */
export async function lockDueRecipients(db: Db, limit: number): Promise<DueRecipientRow[]> {
  const { rows } = await db.query<DueRecipientRow>(
    `SELECT r.announcement_id, a.uid AS announcement_uid, r.user_id, r.email, u.first_name, u.language, a.subject, a.body, u.announcements_opt_out_at IS NOT NULL AS opted_out
       FROM announcement_recipients r
       JOIN announcements a ON a.id = r.announcement_id
       JOIN users u ON u.id = r.user_id
      WHERE r.enqueued_at IS NULL
      ORDER BY r.announcement_id, r.user_id
      LIMIT $1
      FOR UPDATE OF r SKIP LOCKED`,
    [limit],
  );
  return rows;
}

export async function markEnqueued(db: Db, announcementId: number, userId: number, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE announcement_recipients SET enqueued_at = now(), unsubscribe_token_hash = $3, updated_at = now() WHERE announcement_id = $1 AND user_id = $2', [
    announcementId,
    userId,
    tokenHash,
  ]);
}

export async function markSkipped(db: Db, announcementId: number, userId: number): Promise<void> {
  await db.query(`UPDATE announcement_recipients SET enqueued_at = now(), status = 'skipped', updated_at = now() WHERE announcement_id = $1 AND user_id = $2`, [
    announcementId,
    userId,
  ]);
}

/** Records the mailer's outcome once: only a queued recipient changes (a repeated report changes nothing). */
export async function recordOutcome(db: Db, announcementUid: string, userId: number, outcome: 'delivered' | 'failed', error: string | null): Promise<boolean> {
  const result = await db.query(
    `UPDATE announcement_recipients r SET status = $3, error = $4, updated_at = now()
       FROM announcements a
      WHERE a.uid = $1::uuid AND r.announcement_id = a.id AND r.user_id = $2 AND r.status = 'queued'`,
    [announcementUid, userId, outcome, error],
  );
  return (result.rowCount ?? 0) === 1;
}

export interface UnsettledRecipientRow {
  announcement_id: number;
  announcement_uid: string;
  user_id: number;
}

/**
 * Recipients still `queued` whose e-mail went into the outbox more than `olderThanMinutes` ago, after the
 * recipient `after` in key order (a sweep pages through them), locked: a late outcome waits for the sweep's
 * transaction, then finds the row settled; another sweep skips them.
 */
export async function lockUnsettledRecipients(
  db: Db,
  olderThanMinutes: number,
  after: { announcementId: number; userId: number },
  limit: number,
): Promise<UnsettledRecipientRow[]> {
  const { rows } = await db.query<UnsettledRecipientRow>(
    `SELECT r.announcement_id, a.uid AS announcement_uid, r.user_id
       FROM announcement_recipients r
       JOIN announcements a ON a.id = r.announcement_id
      WHERE r.status = 'queued' AND r.enqueued_at < now() - make_interval(mins => $1::int)
        AND (r.announcement_id, r.user_id) > ($2::int, $3::int)
      ORDER BY r.announcement_id, r.user_id
      LIMIT $4
      FOR UPDATE OF r SKIP LOCKED`,
    [olderThanMinutes, after.announcementId, after.userId, limit],
  );
  return rows;
}

/** Where each outbox job of `jobIds` is: waiting for the relay, relayed (its job in the queue), or settled (ran or was given up; or no row). */
export async function outboxJobStages(db: Db, jobIds: readonly string[]): Promise<Map<string, 'waiting' | 'relayed' | 'settled'>> {
  const { rows } = await db.query<{ job_id: string; sent: boolean; settled: boolean }>(
    'SELECT job_id, sent_at IS NOT NULL AS sent, settled_at IS NOT NULL AS settled FROM outbox WHERE job_id = ANY($1::text[])',
    [jobIds],
  );
  const stages = new Map<string, 'waiting' | 'relayed' | 'settled'>(jobIds.map((id) => [id, 'settled']));
  for (const row of rows) stages.set(row.job_id, row.settled ? 'settled' : row.sent ? 'relayed' : 'waiting');
  return stages;
}

/** Opts out the account whose announcement e-mail carried this token; its user id, or undefined for an unknown token. */
export async function optOutByTokenHash(db: Db, tokenHash: Buffer): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE users u SET announcements_opt_out_at = COALESCE(u.announcements_opt_out_at, now())
       FROM announcement_recipients r
      WHERE r.unsubscribe_token_hash = $1 AND u.id = r.user_id
      RETURNING u.id`,
    [tokenHash],
  );
  return rows[0]?.id;
}

export async function isOptedOut(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ opted_out: boolean }>('SELECT announcements_opt_out_at IS NOT NULL AS opted_out FROM users WHERE id = $1', [userId]);
  return rows[0]?.opted_out ?? false;
}

export async function setOptedOut(db: Db, userId: number, optedOut: boolean): Promise<void> {
  await db.query(
    `UPDATE users SET announcements_opt_out_at = CASE WHEN $2::boolean THEN COALESCE(announcements_opt_out_at, now()) ELSE NULL END WHERE id = $1`,
    [userId, optedOut],
  );
}
