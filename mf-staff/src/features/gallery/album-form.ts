import { COVER_MAX_BYTES, createAlbumRequestSchema, type CreateAlbumRequest, type StaffAlbum, type StaleAlbumAnswer } from '@tca/contracts';
import type { FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { failureText } from '../../shared/failure-text.js';
import { joinWords } from '../../shared/lists/messages.js';
import { galleryCatalog } from './messages.js';

/** The album's own fields in the form: what the inputs hold. */
export interface AlbumDraft {
  name: string;
  date: string;
  /** The Tamil name ('' for none: the gallery shows the English). */
  taName: string;
}

/** The form's fields as the contracts name them (the Tamil name under `ta.`, as in a 400's field messages). */
export const ALBUM_FIELDS = ['name', 'date', 'ta.name'] as const;
export type AlbumField = (typeof ALBUM_FIELDS)[number];

export function draftOfAlbum(album: StaffAlbum | null): AlbumDraft {
  return album ? { name: album.name, date: album.date, taName: album.ta?.name ?? '' } : { name: '', date: '', taName: '' };
}

/** The request the draft makes, or the message of each field that needs a change (the server's own rules). */
export function checkAlbum(draft: AlbumDraft): { request: CreateAlbumRequest; errors: null } | { request: null; errors: Partial<Record<AlbumField, string>> } {
  // A blank Tamil name is none; `{}` removes a stored one on an update.
  const parsed = createAlbumRequestSchema.safeParse({ name: draft.name, date: draft.date, ta: draft.taName.trim() ? { name: draft.taName } : {} });
  if (parsed.success) return { request: parsed.data, errors: null };
  const errors: Partial<Record<AlbumField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'ta' ? 'ta.name' : issue.path[0];
    if ((field === 'name' || field === 'date' || field === 'ta.name') && !errors[field]) errors[field] = draft.date === '' && field === 'date' ? 'Date is required' : issue.message;
  }
  return { request: null, errors };
}

/** The list with the item at `from` moved to `to` (a new list; the same one when either is outside it). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const list = [...items];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return list;
  const [item] = list.splice(from, 1);
  if (item !== undefined) list.splice(to, 0, item);
  return list;
}

/** A file's size, e.g. "2.4 MB" or "820 KB". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Why a chosen file is not sent at all, or null: too big (the server would answer 413 after the whole
 * upload). Whether it is a picture only the server can tell (a name or type can say so and be wrong).
 */
export function fileProblem(file: { size: number }): string | null {
  return file.size > COVER_MAX_BYTES ? translator(galleryCatalog)('upload.tooBig', { size: sizeText(file.size) }) : null;
}

/** What a failed upload says next to its file. */
export function uploadFailureText(result: FailedResult): string {
  if (result.kind === 'http' && result.status === 404) return translator(galleryCatalog)('upload.gone');
  return failureText(result);
}

/** One file of the upload queue. */
export interface QueuedUpload {
  id: string;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** Share sent, 0 to 1. */
  sent: number;
  /** Why it failed. */
  error: string | null;
}

/** The live region's sentence about the queue, e.g. "2 of 3 photos uploaded; 1 failed." */
export function queueSummary(queue: readonly QueuedUpload[]): string {
  if (queue.length === 0) return '';
  const done = queue.filter((item) => item.state === 'done').length;
  const failed = queue.filter((item) => item.state === 'failed').length;
  const left = queue.length - done - failed;
  const t = translator(galleryCatalog);
  const parts = [t('upload.summary', { done, count: queue.length })];
  if (failed > 0) parts.push(t('upload.failed', { n: failed }));
  if (left > 0) parts.push(t('upload.left', { n: left }));
  return t('upload.parts', { parts: parts.join('; ') });
}

/** Of two copies of the album, the later one (uploads finish in any order). */
export function laterAlbum(a: StaffAlbum | null, b: StaffAlbum): StaffAlbum {
  return a && a.key === b.key && a.version > b.version ? a : b;
}

const CHANGED_KEYS = { name: 'changed.name', date: 'changed.date', photos: 'changed.photos', 'ta.name': 'changed.taName' } as const;

/** "name and date", "photos" from a 409's `changed`, in the language shown. */
export function changedText(changed: readonly string[]): string {
  const t = translator(galleryCatalog);
  return joinWords(changed.map((field) => (field in CHANGED_KEYS ? t(CHANGED_KEYS[field as keyof typeof CHANGED_KEYS]) : field)));
}

/** What a failed change shows: a 409's notice, field messages under the fields, or a banner. */
export interface ChangeFailure {
  result: FailedResult;
  stale: StaleAlbumAnswer | null;
  /** What was not done, e.g. "The album was not saved". */
  title: string;
}
