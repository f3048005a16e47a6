import { z } from 'zod';
import { EVENT_STATUSES, ISO_DATE_PATTERN, TIME_OF_DAY_PATTERN, type SiteEvent } from './content-lists.js';
import { isRealDay, staffPostCoverSchema, versionSchemas } from './staff-content.js';
import { tamilAnswerSchema, tamilRequestSchema } from './staff-tamil.js';
import { textField } from './text-field.js';

/**
 * Events edited in the staff area (issue 14): the calls mf-staff makes to the content service under
 * `/staff-api/content/events`, editor or owner role, second factor done. The field rules are the folder
 * importer's too (content-folder.ts builds events.json entries from EVENT_FIELD_RULES: one schema).
 */

// ---------------------------------------------------------------------------------------------
// Field rules shared with the importer
// ---------------------------------------------------------------------------------------------

export const EVENT_NAME_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5_000;
export const EVENT_LOCATION_MAX = 300;
export const EVENT_IMAGE_ALT_MAX = 300;
/** The most pictures one event keeps (the public slideshow shows them all). */
export const EVENT_IMAGES_MAX = 12;

/** The rules of an event's fields; `label` names the field in messages (the importer says `name`, the editor `Name`). */
export const EVENT_FIELD_RULES = {
  name: (label: string) =>
    textField(label)
      .trim()
      .min(1, `${label} is required`)
      .max(EVENT_NAME_MAX, `${label} must be at most ${EVENT_NAME_MAX} characters`),
  description: (label: string) => textField(label).trim().max(EVENT_DESCRIPTION_MAX, `${label} must be at most ${EVENT_DESCRIPTION_MAX} characters`),
  location: (label: string) => textField(label).trim().max(EVENT_LOCATION_MAX, `${label} must be at most ${EVENT_LOCATION_MAX} characters`),
  time: (label: string) => z.string(`${label} must be a time written HH:MM (24-hour)`).regex(TIME_OF_DAY_PATTERN, `${label} must be a time written HH:MM (24-hour)`),
  link: (label: string) => z.url({ protocol: /^https?$/, error: `${label} must be a link starting with http:// or https://` }),
  imageAlt: (label: string) => textField(label).trim().max(EVENT_IMAGE_ALT_MAX, `${label} must be at most ${EVENT_IMAGE_ALT_MAX} characters`),
  status: (label: string) => z.enum(EVENT_STATUSES, `${label} must be one of ${EVENT_STATUSES.join(', ')}`),
  /** A Tamil name: the English one's limit, and may be blank (none). */
  tamilName: (label: string) => textField(label).trim().max(EVENT_NAME_MAX, `${label} must be at most ${EVENT_NAME_MAX} characters`),
} as const;

/** An event's Tamil name, description and place (staff-tamil.ts: blank is none; left out of an update keeps them). */
export const eventTamilRequestSchema = tamilRequestSchema({
  name: EVENT_FIELD_RULES.tamilName('Tamil name'),
  description: EVENT_FIELD_RULES.description('Tamil description'),
  location: EVENT_FIELD_RULES.location('Tamil location'),
});
export type EventTamilRequest = z.input<typeof eventTamilRequestSchema>;

export type EventStatus = SiteEvent['status'];
/** What each status means, for the editor's select and the list's badges. */
export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = { Active: 'Active', Cancelled: 'Cancelled', Draft: 'Draft' };
export const EVENT_STATUS_HINTS: Readonly<Record<EventStatus, string>> = {
  Active: 'Shown on /events, the home page and the calendar feed.',
  Cancelled: 'Stays on /events marked Cancelled; calendars show it as cancelled.',
  Draft: 'Not public anywhere.',
};

/** A calendar day YYYY-MM-DD that exists, named `label` in the message. */
export function eventDaySchema(label: string) {
  const message = `${label} must be a day written YYYY-MM-DD`;
  return z.string(message).regex(ISO_DATE_PATTERN, message).refine(isRealDay, message);
}

export const END_DATE_BEFORE_MESSAGE = 'End date must be on or after the date';
export const IMAGE_ALT_REQUIRED_MESSAGE = 'Describe the picture for people who cannot see it (alt text)';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const eventFields = {
  name: EVENT_FIELD_RULES.name('Name'),
  description: EVENT_FIELD_RULES.description('Description'),
  /** The first day (Adelaide). */
  date: eventDaySchema('Date'),
  /** The last day of an event of several days; none (null) for one day. */
  endDate: eventDaySchema('End date').nullable(),
  /** HH:MM (24-hour) it starts; none (null) for an all-day event. */
  time: EVENT_FIELD_RULES.time('Time').nullable(),
  location: EVENT_FIELD_RULES.location('Location'),
  /** The ticket link (the public page's Purchase Tickets); none (null) makes it Register. */
  eventLink: EVENT_FIELD_RULES.link('Ticket link').nullable(),
  status: EVENT_FIELD_RULES.status('Status'),
  ta: eventTamilRequestSchema.optional(),
};

function endNotBeforeStart(value: { date: string; endDate: string | null }, ctx: z.core.$RefinementCtx): void {
  if (value.endDate !== null && value.endDate < value.date) ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_DATE_BEFORE_MESSAGE });
}

/** POST /staff-api/content/events (201 with StaffEventAnswer): the key is made from the name, unique; pictures come after. */
export const createEventRequestSchema = z.object(eventFields).strict().superRefine(endNotBeforeStart);
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;
export type EventFields = z.output<typeof createEventRequestSchema>;

export const EVENT_VERSION_MESSAGE = 'version must be the version of the event you edited (a whole number from 1)';
const eventVersions = versionSchemas(EVENT_VERSION_MESSAGE);
export const eventVersionSchema = eventVersions.body;
/** `?version=N` of DELETE /events/:key and POST /events/:key/images. */
export const eventVersionQuerySchema = eventVersions.query;

/** One of the event's stored pictures (its `file`), with the alt text it should have; the list's order is the slideshow's. */
export const eventImageRequestSchema = z
  .object({
    file: z.string('file must be one of the event\'s pictures').min(1, 'file must be one of the event\'s pictures').max(200, 'file must be one of the event\'s pictures'),
    alt: EVENT_FIELD_RULES.imageAlt('Alt text').min(1, IMAGE_ALT_REQUIRED_MESSAGE),
  })
  .strict();

/**
 * PUT /staff-api/content/events/:key: the whole event as it should be, the pictures it keeps (in order, with
 * their alt texts; a picture left out is removed) and the `version` it was edited from. A stale version
 * answers 409 `stale` (StaleEventAnswer); status `Cancelled` is cancelling.
 */
export const updateEventRequestSchema = z
  .object({
    ...eventFields,
    images: z.array(eventImageRequestSchema, 'images must be a list').max(EVENT_IMAGES_MAX, `An event keeps at most ${EVENT_IMAGES_MAX} pictures`),
    version: eventVersionSchema,
  })
  .strict()
  .superRefine(endNotBeforeStart);
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;
/** What an update sets (the checked request without its version). */
export type EventUpdate = Omit<z.output<typeof updateEventRequestSchema>, 'version'>;

/** POST /staff-api/content/events/:key/images?version=N: multipart/form-data, the picture in this field ... */
export const EVENT_IMAGE_FIELD = 'image';
/** ... and its alt text in this one (the event's name when left out or empty, as the importer does). */
export const EVENT_IMAGE_ALT_FIELD = 'alt';
export const eventImageAltSchema = EVENT_FIELD_RULES.imageAlt('Alt text');

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** One of the event's pictures: the same shape as a post's cover (`url` is the largest stored variant). */
export const staffEventImageSchema = staffPostCoverSchema;
export type StaffEventImage = z.infer<typeof staffEventImageSchema>;

/** An event in the staff list: drafts and cancelled ones too. */
export const staffEventSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  date: z.string(),
  endDate: z.string().nullable(),
  time: z.string().nullable(),
  location: z.string(),
  status: z.enum(EVENT_STATUSES),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
  /** Send it back with PUT / DELETE / uploads: a change made meanwhile makes it stale (409). */
  version: z.number().int().positive(),
  imageCount: z.number().int().nonnegative(),
  /** The Tamil name the event has (the service always sends `ta`; `{}` when none). */
  ta: tamilAnswerSchema('name').optional(),
});
export type StaffEventSummary = z.infer<typeof staffEventSummarySchema>;

/** GET /staff-api/content/events: the latest first day first. */
export const staffEventListAnswerSchema = z.object({ events: z.array(staffEventSummarySchema) });
export type StaffEventListAnswer = z.infer<typeof staffEventListAnswerSchema>;

export const staffEventSchema = staffEventSummarySchema.extend({
  description: z.string(),
  eventLink: z.string().nullable(),
  images: z.array(staffEventImageSchema),
  /** The Tamil name, description and place the event has; `{}` when none. */
  ta: tamilAnswerSchema('name', 'description', 'location').optional(),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

/** GET /events/:key, POST /events (201), PUT /events/:key, POST /events/:key/images. */
export const staffEventAnswerSchema = z.object({ event: staffEventSchema, message: z.string().optional() });
export type StaffEventAnswer = z.infer<typeof staffEventAnswerSchema>;

/** 409 from PUT / DELETE / images with an old version: the event as it is now, and which fields differ from the request. */
export const staleEventAnswerSchema = z.object({
  error: z.literal('stale'),
  message: z.string(),
  current: staffEventSchema,
  /** Names of the fields (name, description, date, endDate, time, location, eventLink, status, images, ta.name, ta.description, ta.location) that differ from the request; empty for DELETE and uploads. */
  changed: z.array(z.string()),
});
export type StaleEventAnswer = z.infer<typeof staleEventAnswerSchema>;

/** DELETE /staff-api/content/events/:key?version=N (200). */
export const deleteEventAnswerSchema = z.object({ message: z.string(), key: z.string() });
export type DeleteEventAnswer = z.infer<typeof deleteEventAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const EVENT_NOT_FOUND_MESSAGE = 'There is no event with this key (it may have been deleted).';
export const EVENT_STALE_MESSAGE = 'Someone changed this event after you opened it. Look at their version, then make your change again.';
export const EVENT_CREATED_MESSAGE = 'Event created.';
export const EVENT_SAVED_MESSAGE = 'Event saved.';
export const EVENT_CANCELLED_MESSAGE = 'Event cancelled: it stays on /events marked Cancelled.';
export const EVENT_DELETED_MESSAGE = 'Event deleted.';
export const EVENT_IMAGE_ADDED_MESSAGE = 'Picture added.';
export const EVENT_IMAGE_MISSING_MESSAGE = `Choose a picture to upload (field "${EVENT_IMAGE_FIELD}").`;
export const EVENT_IMAGE_UNKNOWN_MESSAGE = 'This picture is not one of the event\'s pictures (reload the event).';
export const EVENT_IMAGES_FULL_MESSAGE = `An event keeps at most ${EVENT_IMAGES_MAX} pictures: remove one first.`;
