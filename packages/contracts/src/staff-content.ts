import { z } from 'zod';
import { ISO_DATE_PATTERN } from './content-lists.js';
import { auditEntrySchema, auditQuerySchemaFor } from './staff.js';
import { SUPPORT_AUDIT_ACTIONS } from './staff-support.js';
import { tamilAnswerSchema, tamilRequestSchema } from './staff-tamil.js';
import { textField } from './text-field.js';

export * from './staff-tamil.js';

/**
 * Content editing in the staff area (issue 14), blog posts first: the calls mf-staff makes to the content
 * service under STAFF_CONTENT_API_PREFIX (`/staff-api/content/`), editor or owner role, second factor done.
 * The field rules here are the ones the folder importer applies too (one schema: content-folder.ts builds
 * its post front matter from POST_FIELD_RULES).
 */

// ---------------------------------------------------------------------------------------------
// Field rules shared with the importer
// ---------------------------------------------------------------------------------------------

/** An item's key: its identity in the importer's folder (the post's file name) and the API's `_id`. */
export const CONTENT_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
export const CONTENT_KEY_MESSAGE = 'a key of letters, digits, - and _ (starting with a letter or digit, at most 100 characters)';

export const POST_TITLE_MAX = 200;
/** Characters; a body this long in any script still fits the services' 100 kB JSON limit. */
export const POST_BODY_MAX = 20_000;
export const COVER_ALT_MAX = 300;

/** The rules of a post's fields; `label` names the field in messages (the importer says `name`, the editor `Title`). */
export const POST_FIELD_RULES = {
  title: (label: string) =>
    textField(label)
      .trim()
      .min(1, `${label} is required`)
      .max(POST_TITLE_MAX, `${label} must be at most ${POST_TITLE_MAX} characters`),
  body: (label: string) => textField(label).max(POST_BODY_MAX, `${label} must be at most ${POST_BODY_MAX} characters`),
  coverAlt: (label: string) => textField(label).trim().max(COVER_ALT_MAX, `${label} must be at most ${COVER_ALT_MAX} characters`),
  /** A Tamil title: the English one's limit, and may be blank (none). */
  tamilTitle: (label: string) => textField(label).trim().max(POST_TITLE_MAX, `${label} must be at most ${POST_TITLE_MAX} characters`),
} as const;

/** A post's Tamil title and body (staff-tamil.ts: blank is none; left out of an update keeps them). */
export const postTamilRequestSchema = tamilRequestSchema({ title: POST_FIELD_RULES.tamilTitle('Tamil title'), body: POST_FIELD_RULES.body('Tamil body') });
export type PostTamilRequest = z.input<typeof postTamilRequestSchema>;

export const POST_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const postStatusSchema = z.enum(POST_STATUSES, 'Status must be draft, published or scheduled');
export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

/** A calendar day that exists (2026-02-30 does not). */
export function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const POST_DATE_MESSAGE = 'Date must be a day written YYYY-MM-DD';
export const postDateSchema = z.string(POST_DATE_MESSAGE).regex(ISO_DATE_PATTERN, POST_DATE_MESSAGE).refine(isRealDay, POST_DATE_MESSAGE);

export const PUBLISH_AT_MESSAGE = 'Publish time must be a date and time with a time zone, e.g. 2026-03-01T09:00:00+10:30';
export const PUBLISH_AT_REQUIRED_MESSAGE = 'A scheduled post needs a publish time';
export const publishAtSchema = z.iso.datetime({ offset: true, error: PUBLISH_AT_MESSAGE });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const postFields = {
  title: POST_FIELD_RULES.title('Title'),
  /** The day the post shows (the public page's date: noon in Adelaide on that day). */
  date: postDateSchema,
  /** Markdown, rendered by the server (POST /staff-api/content/preview shows the result). */
  body: POST_FIELD_RULES.body('Body'),
  coverAlt: POST_FIELD_RULES.coverAlt('Cover alt text').optional(),
  status: postStatusSchema,
  /** Required with `scheduled` (the post shows itself then); ignored (stored as none) otherwise. */
  publishAt: publishAtSchema.nullish(),
  ta: postTamilRequestSchema.optional(),
};

function scheduledNeedsPublishAt(value: { status: PostStatus; publishAt?: string | null | undefined }, ctx: z.core.$RefinementCtx): void {
  if (value.status === 'scheduled' && !value.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: PUBLISH_AT_REQUIRED_MESSAGE });
}

/** POST /staff-api/content/posts (201 with StaffPostAnswer): the key is made from the title, unique. */
export const createPostRequestSchema = z.object(postFields).strict().superRefine(scheduledNeedsPublishAt);
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** An item's `version` in a request body, and `?version=N` of its DELETE and uploads; `message` says whose version it is. */
export function versionSchemas(message: string) {
  const body = z.number(message).int(message).min(1, message).max(2_147_483_647, message);
  const query = z
    .object({
      version: z
        .string(message)
        .regex(/^[1-9]\d{0,9}$/, message)
        .transform(Number)
        .pipe(body),
    })
    .strict();
  return { body, query };
}

export const VERSION_MESSAGE = 'version must be the version of the post you edited (a whole number from 1)';
const postVersions = versionSchemas(VERSION_MESSAGE);
export const postVersionSchema = postVersions.body;
/** `?version=N` of DELETE /posts/:key and PUT /posts/:key/cover. */
export const postVersionQuerySchema = postVersions.query;

/**
 * PUT /staff-api/content/posts/:key: the whole post as it should be, and the `version` it was edited from.
 * A stale version answers 409 `stale` (StalePostAnswer); `published` -> `draft` is unpublishing.
 */
export const updatePostRequestSchema = z
  .object({ ...postFields, version: postVersionSchema })
  .strict()
  .superRefine(scheduledNeedsPublishAt);
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;

/** POST /staff-api/content/preview: Markdown in, the public page's HTML out (same renderer and sanitiser). */
export const previewRequestSchema = z.object({ body: POST_FIELD_RULES.body('Body') }).strict();
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** PUT /staff-api/content/posts/:key/cover?version=N: multipart/form-data with one file in this field. */
export const COVER_FIELD = 'cover';
/** The most a cover upload may weigh (413 above). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** The kinds of picture a cover may be (415 otherwise), by content type and file extension. */
export const COVER_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export const COVER_ACCEPT = '.jpg,.jpeg,.png,.webp,.svg,image/jpeg,image/png,image/webp,image/svg+xml';

/** What content's own audit log records (GET /staff-api/content/audit; identity's actions are in staff.ts). */
export const CONTENT_AUDIT_ACTIONS = [
  'post_created', 'post_updated', 'post_published', 'post_unpublished', 'post_deleted', 'post_cover_changed',
  'event_created', 'event_updated', 'event_cancelled', 'event_deleted', 'event_image_added',
  'team_member_created', 'team_member_updated', 'team_member_deleted', 'team_member_photo_changed', 'team_reordered',
  'sponsor_created', 'sponsor_updated', 'sponsor_deleted', 'sponsor_logo_changed', 'sponsors_reordered',
  'album_created', 'album_updated', 'album_deleted', 'album_photo_added', 'album_photo_alt_changed', 'album_photos_reordered', 'album_photo_removed',
  ...SUPPORT_AUDIT_ACTIONS,
] as const;
export type ContentAuditAction = (typeof CONTENT_AUDIT_ACTIONS)[number];

/** GET /staff-api/content/audit?action=&actor=&from=&to=&before=&limit= (owner): newest first, the same filters and pages as identity's. */
export const contentAuditQuerySchema = auditQuerySchemaFor(CONTENT_AUDIT_ACTIONS);
export type ContentAuditQuery = z.infer<typeof contentAuditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const staffPostCoverSchema = z.object({
  /** `/uploads/<file>`: the largest stored variant. */
  url: z.string(),
  file: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type StaffPostCover = z.infer<typeof staffPostCoverSchema>;

/** A post in the staff list: drafts and scheduled ones too. */
export const staffPostSummarySchema = z.object({
  key: z.string(),
  title: z.string(),
  /** YYYY-MM-DD (Adelaide): the day the public page shows. */
  date: z.string(),
  status: postStatusSchema,
  /** ISO 8601 instant a scheduled post shows itself; null unless scheduled. */
  publishAt: z.string().nullable(),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
  /** Send it back with PUT / DELETE: a change made meanwhile makes it stale (409). */
  version: z.number().int().positive(),
  cover: staffPostCoverSchema.nullable(),
  /** The alt text kept for the cover (also before a picture is uploaded). */
  coverAlt: z.string(),
  /** The Tamil title the post has (the service always sends `ta`; `{}` when none). */
  ta: tamilAnswerSchema('title').optional(),
});
export type StaffPostSummary = z.infer<typeof staffPostSummarySchema>;

/** GET /staff-api/content/posts: newest date first. */
export const staffPostListAnswerSchema = z.object({ posts: z.array(staffPostSummarySchema) });
export type StaffPostListAnswer = z.infer<typeof staffPostListAnswerSchema>;

export const staffPostSchema = staffPostSummarySchema.extend({
  body: z.string(),
  /** The Tamil title and body (Markdown) the post has; `{}` when none. */
  ta: tamilAnswerSchema('title', 'body').optional(),
});
export type StaffPost = z.infer<typeof staffPostSchema>;

/** GET /posts/:key, POST /posts (201), PUT /posts/:key, PUT /posts/:key/cover. */
export const staffPostAnswerSchema = z.object({ post: staffPostSchema, message: z.string().optional() });
export type StaffPostAnswer = z.infer<typeof staffPostAnswerSchema>;

/** 409 from PUT / DELETE / cover with an old version: the post as it is now, and which fields differ from the request. */
export const stalePostAnswerSchema = z.object({
  error: z.literal('stale'),
  message: z.string(),
  current: staffPostSummarySchema,
  /** Names of the fields (title, date, body, coverAlt, status, publishAt, cover, ta.title, ta.body) the current version has differently from the request; empty for DELETE. */
  changed: z.array(z.string()),
});
export type StalePostAnswer = z.infer<typeof stalePostAnswerSchema>;

/** DELETE /staff-api/content/posts/:key?version=N (200). */
export const deletePostAnswerSchema = z.object({ message: z.string(), key: z.string() });
export type DeletePostAnswer = z.infer<typeof deletePostAnswerSchema>;

export const previewAnswerSchema = z.object({ html: z.string() });
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

/** GET /staff-api/content/audit: the same entries and paging as identity's GET /staff-api/audit. */
export const contentAuditPageAnswerSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type ContentAuditPageAnswer = z.infer<typeof contentAuditPageAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const POST_NOT_FOUND_MESSAGE = 'There is no post with this key (it may have been deleted).';
export const POST_STALE_MESSAGE = 'Someone changed this post after you opened it. Look at their version, then make your change again.';
export const POST_CREATED_MESSAGE = 'Post created.';
export const POST_SAVED_MESSAGE = 'Post saved.';
export const POST_DELETED_MESSAGE = 'Post deleted.';
export const COVER_SAVED_MESSAGE = 'Cover image saved.';
export const COVER_MISSING_MESSAGE = `Choose a picture to upload (field "${COVER_FIELD}").`;
export const COVER_TOO_BIG_MESSAGE = `The picture is too big: at most ${COVER_MAX_BYTES / (1024 * 1024)} MB.`;
export const COVER_NOT_AN_IMAGE_MESSAGE = 'The file is not a picture we can use: upload a JPEG, PNG, WebP or SVG image.';
export const COVER_UNREADABLE_MESSAGE = 'The picture could not be read: the file may be damaged or not the kind its name says.';
