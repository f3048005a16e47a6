import {
  announcementDraftSchema,
  ANNOUNCEMENT_ENDING_DAYS_MAX,
  describeSegment,
  MEMBERSHIP_LEVEL_NAMES,
  type AnnouncementDraft,
  type AnnouncementSegment,
  type AnnouncementSummary,
  type MembershipLevelName,
} from '@tca/contracts';

/** The texts of the announcements pages, in one place. */
export const TEXTS = {
  title: 'Announcements',
  lead: 'E-mail the members: all Active members, one level, or those whose membership ends soon. Members who unsubscribed are left out; receipts and replies always reach them.',
  composeTitle: 'New announcement',
  subject: 'Subject',
  body: 'Message (Markdown)',
  bodyHint: 'Headings with #, **bold**, *italic*, [links](https://…) and lists. Each e-mail starts "Dear <first name>," and ends with an unsubscribe link.',
  segment: 'Who receives it',
  level: 'Level',
  days: 'Days',
  preview: 'Preview',
  previewEmpty: 'The message as the e-mail shows it appears here.',
  review: 'Review and send',
  saveDraft: 'Save as draft',
  sendTitle: (subject: string) => `Send "${subject}"?`,
  sendDescription: (count: number | null, segment: AnnouncementSegment) =>
    `${describeSegment(segment)}: ${count === null ? 'the members of this segment' : count === 1 ? '1 member' : `${count} members`} will receive it, each once. This cannot be undone.`,
  sendConfirm: 'Send the announcement',
  sent: 'The announcement is on its way.',
  saved: 'The draft is saved.',
  listTitle: 'Sent and drafts',
  none: 'There are no announcements yet.',
  back: 'Back to the staff area',
  backToList: 'Back to the announcements',
  refresh: 'Refresh',
  failuresTitle: 'Recipients whose e-mail failed',
  noFailures: 'No e-mail failed.',
} as const;

export const SEGMENT_KINDS = ['all-active', 'level', 'ending-within'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const SEGMENT_KIND_LABELS: Readonly<Record<SegmentKind, string>> = {
  'all-active': 'All Active members',
  level: 'Active members of one level',
  'ending-within': 'Members whose membership ends within some days',
};

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
  if (!segment) errors.segment = `Days must be a whole number from 1 to ${ANNOUNCEMENT_ENDING_DAYS_MAX}`;
  return { ok: false, errors };
}

export const STATE_LABELS: Readonly<Record<AnnouncementSummary['state'], string>> = { draft: 'Draft', sending: 'Sending', sent: 'Sent' };

/** "12 delivered, 1 failed, 3 queued" (skipped only when there are some). */
export function countsText(a: Pick<AnnouncementSummary, 'delivered' | 'failed' | 'queued' | 'skipped'>): string {
  const parts = [`${a.delivered} delivered`, `${a.failed} failed`, `${a.queued} queued`];
  if (a.skipped > 0) parts.push(`${a.skipped} unsubscribed before their turn`);
  return parts.join(', ');
}

export const announcementPath = (id: string) => `/staff/announcements/${encodeURIComponent(id)}`;
