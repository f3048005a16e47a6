import { createPostRequestSchema, POST_STATUS_LABELS, type CreatePostRequest, type PostStatus, type StaffPost, type StaffPostSummary } from '@tca/contracts';

/** What the editor's fields hold (the publish time as the browser's `datetime-local` value, in local time). */
export interface PostDraft {
  title: string;
  date: string;
  body: string;
  coverAlt: string;
  status: PostStatus;
  publishAtLocal: string;
}

export type PostField = 'title' | 'date' | 'body' | 'coverAlt' | 'status' | 'publishAt';
export const POST_FIELDS: readonly PostField[] = ['title', 'date', 'body', 'coverAlt', 'status', 'publishAt'];

export const COVER_ALT_REQUIRED_MESSAGE = 'Cover alt text is required with a cover image: say what the picture shows';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as YYYY-MM-DD in the browser's time. */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** An ISO instant as a `datetime-local` value (YYYY-MM-DDTHH:mm) in the browser's time; '' when unreadable. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${localDay(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant with its offset (Z), or the text itself when it is no time (the server's check says so). */
export function fromLocalInput(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

export function emptyDraft(today: Date = new Date()): PostDraft {
  return { title: '', date: localDay(today), body: '', coverAlt: '', status: 'draft', publishAtLocal: '' };
}

export function draftOfPost(post: StaffPost): PostDraft {
  return { title: post.title, date: post.date, body: post.body, coverAlt: post.coverAlt, status: post.status, publishAtLocal: toLocalInput(post.publishAt) };
}

/** The request body of the fields (publishAt only for a scheduled post). */
export function requestOf(draft: PostDraft): CreatePostRequest {
  return {
    title: draft.title,
    date: draft.date,
    body: draft.body,
    coverAlt: draft.coverAlt,
    status: draft.status,
    publishAt: draft.status === 'scheduled' && draft.publishAtLocal ? fromLocalInput(draft.publishAtLocal) : null,
  };
}

/**
 * The field messages before anything is sent: the contracts' own rules (the server applies the same), and
 * the alt text a cover image needs (`hasCover`: one is stored or a file is chosen).
 */
export function checkDraft(draft: PostDraft, hasCover: boolean): Partial<Record<PostField, string>> {
  const errors: Partial<Record<PostField, string>> = {};
  const parsed = createPostRequestSchema.safeParse(requestOf(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (POST_FIELDS as readonly string[]).includes(field) && !errors[field as PostField]) errors[field as PostField] = issue.message;
    }
  }
  if (hasCover && draft.coverAlt.trim() === '' && !errors.coverAlt) errors.coverAlt = COVER_ALT_REQUIRED_MESSAGE;
  return errors;
}

/** A time for people: "1 March 2026 at 9:00 am" in the browser's time zone. */
export function timeText(iso: string, locale = 'en-AU', timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString(locale, { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
}

/** The status badge's words: Draft, Published, or Scheduled with its time. */
export function statusText(post: Pick<StaffPostSummary, 'status' | 'publishAt'>, timeZone?: string): string {
  if (post.status === 'scheduled' && post.publishAt) return `Scheduled for ${timeText(post.publishAt, 'en-AU', timeZone)}`;
  return POST_STATUS_LABELS[post.status];
}

const CHANGED_LABELS: Readonly<Record<string, string>> = {
  title: 'title',
  date: 'date',
  body: 'text',
  coverAlt: 'cover alt text',
  status: 'status',
  publishAt: 'publish time',
  cover: 'cover image',
};

/** A 409's changed fields in words: "title, text and status". */
export function changedText(changed: readonly string[]): string {
  const names = changed.map((field) => CHANGED_LABELS[field] ?? field);
  if (names.length === 0) return '';
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
