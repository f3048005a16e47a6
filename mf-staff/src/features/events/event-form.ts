import {
  createEventRequestSchema,
  IMAGE_ALT_REQUIRED_MESSAGE,
  type CreateEventRequest,
  type EventStatus,
  type StaffEvent,
  type StaffEventImage,
  type StaffEventSummary,
  type UpdateEventRequest,
} from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { joinWords } from '../../shared/lists/messages.js';
import { eventsCatalog } from './messages.js';

/** What the editor's fields hold: text as typed ('' for an optional field left empty), the pictures as they will be kept. */
export interface EventDraft {
  name: string;
  description: string;
  date: string;
  endDate: string;
  time: string;
  location: string;
  eventLink: string;
  status: EventStatus;
  images: StaffEventImage[];
  /** The Tamil name, description and place ('' for none: the public pages show the English). */
  taName: string;
  taDescription: string;
  taLocation: string;
}

/** The form's fields as the contracts name them (a Tamil one under `ta.`, as in a 400's field messages). */
export type EventField = 'name' | 'description' | 'date' | 'endDate' | 'time' | 'location' | 'eventLink' | 'status' | 'ta.name' | 'ta.description' | 'ta.location';
export const EVENT_FIELDS: readonly EventField[] = ['name', 'description', 'date', 'endDate', 'time', 'location', 'eventLink', 'status', 'ta.name', 'ta.description', 'ta.location'];

/** Field messages, and `images.N` for a picture's alt text. */
export type EventErrors = Partial<Record<EventField | `images.${number}`, string>>;

export function emptyEventDraft(): EventDraft {
  return { name: '', description: '', date: '', endDate: '', time: '', location: '', eventLink: '', status: 'Draft', images: [], taName: '', taDescription: '', taLocation: '' };
}

export function draftOfEvent(event: StaffEvent): EventDraft {
  return {
    name: event.name,
    description: event.description,
    date: event.date,
    endDate: event.endDate ?? '',
    time: event.time ?? '',
    location: event.location,
    eventLink: event.eventLink ?? '',
    status: event.status,
    images: event.images,
    taName: event.ta?.name ?? '',
    taDescription: event.ta?.description ?? '',
    taLocation: event.ta?.location ?? '',
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The request body of the fields (an empty end date, time or ticket link is none). */
export function requestOf(draft: EventDraft): CreateEventRequest {
  return {
    name: draft.name,
    description: draft.description,
    date: draft.date,
    endDate: orNull(draft.endDate),
    time: orNull(draft.time),
    location: draft.location,
    eventLink: orNull(draft.eventLink),
    status: draft.status,
    // Blank Tamil texts are none; `{}` removes the stored ones on an update.
    ta: {
      ...(draft.taName.trim() ? { name: draft.taName } : {}),
      ...(draft.taDescription.trim() ? { description: draft.taDescription } : {}),
      ...(draft.taLocation.trim() ? { location: draft.taLocation } : {}),
    },
  };
}

/** PUT's body: the fields, the pictures kept (in order, with their alt texts) and the version edited. */
export function updateOf(draft: EventDraft, version: number): UpdateEventRequest {
  return { ...requestOf(draft), images: draft.images.map(({ file, alt }) => ({ file, alt })), version };
}

export const DATE_REQUIRED_MESSAGE = 'Date is required';

/** The field messages before anything is sent: the contracts' rules (the server applies the same), and each picture's alt text. */
export function checkEventDraft(draft: EventDraft): EventErrors {
  const errors: EventErrors = {};
  const parsed = createEventRequestSchema.safeParse(requestOf(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'ta' ? `ta.${String(issue.path[1])}` : issue.path[0];
      if (typeof field === 'string' && (EVENT_FIELDS as readonly string[]).includes(field) && !errors[field as EventField]) errors[field as EventField] = issue.message;
    }
  }
  if (draft.date.trim() === '') errors.date = DATE_REQUIRED_MESSAGE;
  draft.images.forEach((image, index) => {
    if (image.alt.trim() === '') errors[`images.${index}`] = IMAGE_ALT_REQUIRED_MESSAGE;
  });
  return errors;
}

/** The pictures with the one at `index` moved by `by` places (kept inside the list). */
export function movedImage<T>(images: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= images.length || index < 0 || index >= images.length) return [...images];
  const next = [...images];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** When, for people, in the language shown: "2030-01-15 to 2030-01-17, 18:30" (the list and the stale notice). */
export function whenText(event: Pick<StaffEventSummary, 'date' | 'endDate' | 'time'>): string {
  const t = translator(eventsCatalog);
  const days = event.endDate && event.endDate !== event.date ? t('when.days', { from: event.date, to: event.endDate }) : event.date;
  return event.time ? t('when.time', { days, time: event.time }) : t('when.allDay', { days });
}

/** The status in words, in the language shown. */
export function statusLabel(status: EventStatus): string {
  return translator(eventsCatalog)(`status.${status}`);
}

const CHANGED_KEYS = {
  name: 'changed.name',
  description: 'changed.description',
  date: 'changed.date',
  endDate: 'changed.endDate',
  time: 'changed.time',
  location: 'changed.location',
  eventLink: 'changed.eventLink',
  status: 'changed.status',
  images: 'changed.images',
  'ta.name': 'changed.taName',
  'ta.description': 'changed.taDescription',
  'ta.location': 'changed.taLocation',
} as const;

/** A 409's changed fields in words, in the language shown: "name, time and status". */
export function changedEventText(changed: readonly string[]): string {
  const t = translator(eventsCatalog);
  return joinWords(changed.map((field) => (field in CHANGED_KEYS ? t(CHANGED_KEYS[field as keyof typeof CHANGED_KEYS]) : field)));
}
