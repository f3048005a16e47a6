import {
  announcementDraftSchema,
  ANNOUNCEMENT_ENDING_DAYS_MAX,
  MEMBERSHIP_LEVEL_NAMES,
  type AnnouncementDraft,
  type AnnouncementSegment,
  type AnnouncementSummary,
  type MembershipLevelName,
} from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { announcementsCatalog } from './messages.js';

export const SEGMENT_KINDS = ['all-active', 'level', 'ending-within'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/*
 * Texts made from values, in the language shown (a component showing them calls useT(announcementsCatalog)
 * first, so the Tamil is loaded).
 */

/** The segment picker's choice: "All Active members", "Active members of one level", ... */
export const kindLabel = (kind: SegmentKind): string => translator(announcementsCatalog)(`kind.${kind}`);

/** A membership level's name ("Gold-Single"; in Tamil, the membership pages' words). */
export const levelLabel = (level: MembershipLevelName): string => translator(announcementsCatalog)(`level.${level}`);

/** Who an announcement is for: "Active Gold-Single members" (the English is @tca/contracts' describeSegment). */
export function segmentText(segment: AnnouncementSegment): string {
  const t = translator(announcementsCatalog);
  if (segment.kind === 'all-active') return t('segment.all');
  if (segment.kind === 'level') return t('segment.level', { level: levelLabel(segment.level) });
  return t('segment.ending', { n: segment.days });
}

/** The send dialog's warning: the segment, how many receive it (null: not counted), that it cannot be undone. */
export function sendDescription(count: number | null, segment: AnnouncementSegment): string {
  return translator(announcementsCatalog)('send.description', { segment: segmentText(segment), count: count === null ? 'unknown' : 'counted', n: count ?? 0 });
}

/** What the compose form holds (text as typed). */
export interface ComposeDraft {
  subject: string;
  body: string;
  kind: SegmentKind;
  level: MembershipLevelName;
  days: string;
}

export const emptyCompose = (): ComposeDraft => ({ subject: '', body: '', kind: 'all-active', level: MEMBERSHIP_LEVEL_NAMES[0], days: '30' });

/** The segment the form describes, or undefined while "days" is not a whole number from 1 to the maximum. */
export function segmentOf(draft: ComposeDraft): AnnouncementSegment | undefined {
  if (draft.kind === 'all-active') return { kind: 'all-active' };
  if (draft.kind === 'level') return { kind: 'level', level: draft.level };
  const days = /^\d{1,3}$/.test(draft.days.trim()) ? Number(draft.days.trim()) : NaN;
  return Number.isInteger(days) && days >= 1 && days <= ANNOUNCEMENT_ENDING_DAYS_MAX ? { kind: 'ending-within', days } : undefined;
}

export type ComposeField = 'subject' | 'body' | 'segment';
export type ComposeErrors = Partial<Record<ComposeField, string>>;

/** The request, or the messages per field (the contract's, so the form says what the server would). */
export function checkCompose(draft: ComposeDraft): { ok: true; request: AnnouncementDraft } | { ok: false; errors: ComposeErrors } {
  const segment = segmentOf(draft);
  const parsed = announcementDraftSchema.safeParse({ subject: draft.subject, body: draft.body, segment: segment ?? { kind: 'ending-within', days: Number.NaN } });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: ComposeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'subject' || field === 'body' || field === 'segment') && errors[field] === undefined) errors[field] = issue.message;
  }
  if (!segment) errors.segment = translator(announcementsCatalog)('check.days', { max: ANNOUNCEMENT_ENDING_DAYS_MAX });
  return { ok: false, errors };
}

/** "Draft", "Sending", "Sent". */
export const stateLabel = (state: AnnouncementSummary['state']): string => translator(announcementsCatalog)(`state.${state}`);

/** "12 delivered, 1 failed, 3 queued" (skipped only when there are some). */
export function countsText(a: Pick<AnnouncementSummary, 'delivered' | 'failed' | 'queued' | 'skipped'>): string {
  const t = translator(announcementsCatalog);
  const counts = t('counts.text', { delivered: a.delivered, failed: a.failed, queued: a.queued });
  return a.skipped > 0 ? counts + t('counts.skipped', { skipped: a.skipped }) : counts;
}

export const announcementPath = (id: string) => `/staff/announcements/${encodeURIComponent(id)}`;
