import { z } from 'zod';
import { MEMBERSHIP_LEVEL_NAMES } from './membership-rules.js';
import { textField } from './text-field.js';

/**
 * Announcements (issue 15): e-mails from the association to a segment of its members, composed by an owner
 * or membership officer under /staff-api/announcements (identity: it owns members and memberships), sent
 * through the e-mail queue at a configured rate, each member once. Every announcement carries a one-click
 * unsubscribe (RFC 8058); members see and change their choice on the profile.
 */

export const STAFF_ANNOUNCEMENTS_API_PATH = '/staff-api/announcements';
/** GET / PUT: the signed-in member's announcement preference. */
export const ANNOUNCEMENT_PREFERENCE_API_PATH = '/membership/announcements/preference';
/** GET (a confirmation page) / POST (RFC 8058 one-click) with `?token=`: no sign-in. */
export const ANNOUNCEMENT_UNSUBSCRIBE_API_PATH = '/membership/announcements/unsubscribe';

export const ANNOUNCEMENT_SUBJECT_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
export const ANNOUNCEMENT_ENDING_DAYS_MAX = 366;

/** Who an announcement goes to: Active members (of any level, of one level, or whose membership ends within N days). */
export const announcementSegmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all-active') }).strict(),
    z.object({ kind: z.literal('level'), level: z.enum(MEMBERSHIP_LEVEL_NAMES, `Level must be one of ${MEMBERSHIP_LEVEL_NAMES.join(', ')}`) }).strict(),
    z
      .object({
        kind: z.literal('ending-within'),
        days: z
          .number('Days must be a whole number')
          .int('Days must be a whole number')
          .min(1, `Days must be from 1 to ${ANNOUNCEMENT_ENDING_DAYS_MAX}`)
          .max(ANNOUNCEMENT_ENDING_DAYS_MAX, `Days must be from 1 to ${ANNOUNCEMENT_ENDING_DAYS_MAX}`),
      })
      .strict(),
  ],
  { error: 'Choose who receives it: all Active members, one level, or memberships ending within some days' },
);
export type AnnouncementSegment = z.infer<typeof announcementSegmentSchema>;

/** How the desk names a segment ("All Active members", "Active Gold-Single members", …). */
export function describeSegment(segment: AnnouncementSegment): string {
  switch (segment.kind) {
    case 'all-active':
      return 'All Active members';
    case 'level':
      return `Active ${segment.level} members`;
    case 'ending-within':
      return `Memberships ending within ${segment.days} day${segment.days === 1 ? '' : 's'}`;
  }
}

const subjectField = textField('Subject')
  .trim()
  .min(1, 'Subject is required')
  .max(ANNOUNCEMENT_SUBJECT_MAX, `Subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`);
const bodyField = textField('Message')
  .trim()
  .min(1, 'Message is required')
  .max(ANNOUNCEMENT_BODY_MAX, `Message must be at most ${ANNOUNCEMENT_BODY_MAX} characters`);

/** POST /staff-api/announcements: a draft (sent later by POST /staff-api/announcements/:id/send). */
export const announcementDraftSchema = z.object({ subject: subjectField, body: bodyField, segment: announcementSegmentSchema }).strict();
export type AnnouncementDraft = z.infer<typeof announcementDraftSchema>;

/** POST /staff-api/announcements/preview: the Markdown as the e-mail will show it. */
export const announcementPreviewRequestSchema = z.object({ body: bodyField }).strict();
export const announcementPreviewAnswerSchema = z.object({ html: z.string() });
export type AnnouncementPreviewAnswer = z.infer<typeof announcementPreviewAnswerSchema>;

/** POST /staff-api/announcements/recipient-count: how many members the segment reaches now (those who unsubscribed left out). */
export const recipientCountRequestSchema = z.object({ segment: announcementSegmentSchema }).strict();
export const recipientCountAnswerSchema = z.object({ recipients: z.number().int().min(0) });
export type RecipientCountAnswer = z.infer<typeof recipientCountAnswerSchema>;

/** POST /staff-api/announcements/:id/send: no fields. */
export const sendAnnouncementRequestSchema = z.object({}).strict();

export const ANNOUNCEMENT_STATES = ['draft', 'sending', 'sent'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const announcementSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  segment: announcementSegmentSchema,
  state: z.enum(ANNOUNCEMENT_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  sentBy: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Counted when it was sent (0 for a draft). */
  recipients: z.number().int(),
  queued: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Unsubscribed between Send and their turn in the queue: not sent. */
  skipped: z.number().int(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>;

export const announcementsAnswerSchema = z.object({ announcements: z.array(announcementSummarySchema) });
export type AnnouncementsAnswer = z.infer<typeof announcementsAnswerSchema>;

export const announcementDetailSchema = announcementSummarySchema.extend({
  body: z.string(),
  /** The recipients whose e-mail failed, with why. */
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
});
export type AnnouncementDetail = z.infer<typeof announcementDetailSchema>;

export const ANNOUNCEMENT_NOT_FOUND_MESSAGE = 'There is no such announcement.';
export const ANNOUNCEMENT_ALREADY_SENT_MESSAGE = 'This announcement was sent already: each member receives it once.';
export const ANNOUNCEMENT_SENT_MESSAGE = 'The announcement is on its way.';

export const sendAnnouncementAnswerSchema = z.object({ message: z.string(), announcement: announcementSummarySchema });
export type SendAnnouncementAnswer = z.infer<typeof sendAnnouncementAnswerSchema>;

/** The member's choice (GET, and the body of PUT). */
export const announcementPreferenceSchema = z.object({ subscribed: z.boolean('subscribed must be true or false') }).strict();
export type AnnouncementPreference = z.infer<typeof announcementPreferenceSchema>;

/** The one-click POST's form body (RFC 8058 §3.1). */
export const ONE_CLICK_UNSUBSCRIBE_BODY = 'List-Unsubscribe=One-Click';
export const UNSUBSCRIBED_MESSAGE = 'You will receive no more announcements from the association. Receipts and replies to your messages still reach you.';
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = 'This unsubscribe link is not valid. Sign in and change the announcements setting on your profile.';

export const ANNOUNCEMENT_AUDIT_ACTIONS = ['announcement_created', 'announcement_sent'] as const;
