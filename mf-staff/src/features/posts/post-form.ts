import { currentLang, INTL_LOCALE, translator } from '@tca/ui/i18n';
import { createPostRequestSchema, type CreatePostRequest, type PostStatus, type StaffPost, type StaffPostSummary } from '@tca/contracts';
import { joinWords } from '../../shared/lists/messages.js';
import { postsCatalog } from './messages.js';

/** What the editor's fields hold (the publish time as the browser's `datetime-local` value, in local time). */
export interface PostDraft {
  title: string;
  date: string;
  body: string;
  coverAlt: string;
  status: PostStatus;
  publishAtLocal: string;
  /** The Tamil title and body ('' for none: the blog shows the English). */
  taTitle: string;
  taBody: string;
}

/** The form's fields as the contracts name them (a Tamil one under `ta.`, as in a 400's field messages). */
export type PostField = 'title' | 'date' | 'body' | 'coverAlt' | 'status' | 'publishAt' | 'ta.title' | 'ta.body';
export const POST_FIELDS: readonly PostField[] = ['title', 'date', 'body', 'coverAlt', 'status', 'publishAt', 'ta.title', 'ta.body'];

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
  return { title: '', date: localDay(today), body: '', coverAlt: '', status: 'draft', publishAtLocal: '', taTitle: '', taBody: '' };
}

export function draftOfPost(post: StaffPost): PostDraft {
  return {
    title: post.title,
    date: post.date,
    body: post.body,
    coverAlt: post.coverAlt,
    status: post.status,
    publishAtLocal: toLocalInput(post.publishAt),
    taTitle: post.ta?.title ?? '',
    taBody: post.ta?.body ?? '',
  };
}

/** The Tamil texts written (a blank one is none; `{}` removes the stored ones on an update). */
function tamilOf(draft: PostDraft): { title?: string; body?: string } {
  return { ...(draft.taTitle.trim() ? { title: draft.taTitle } : {}), ...(draft.taBody.trim() ? { body: draft.taBody } : {}) };
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
    ta: tamilOf(draft),
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
      const field = issue.path[0] === 'ta' ? `ta.${String(issue.path[1])}` : issue.path[0];
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

/** The status badge's words in the language shown: Draft, Published, or Scheduled with its time. */
export function statusText(post: Pick<StaffPostSummary, 'status' | 'publishAt'>, timeZone?: string): string {
  const t = translator(postsCatalog);
  if (post.status === 'scheduled' && post.publishAt) return t('status.for', { time: timeText(post.publishAt, INTL_LOCALE[currentLang()], timeZone) });
  return t(`status.${post.status}`);
}

const CHANGED_KEYS = {
  title: 'changed.title',
  date: 'changed.date',
  body: 'changed.body',
  coverAlt: 'changed.coverAlt',
  status: 'changed.status',
  publishAt: 'changed.publishAt',
  cover: 'changed.cover',
  'ta.title': 'changed.taTitle',
  'ta.body': 'changed.taBody',
} as const;

/** A 409's changed fields in words, in the language shown: "title, text and status". */
export function changedText(changed: readonly string[]): string {
  const t = translator(postsCatalog);
  return joinWords(changed.map((field) => (field in CHANGED_KEYS ? t(CHANGED_KEYS[field as keyof typeof CHANGED_KEYS]) : field)));
}
