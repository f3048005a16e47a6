import {
  deleteAlbumAnswerSchema,
  STAFF_CONTENT_API_PREFIX,
  staffAlbumAnswerSchema,
  staffAlbumListAnswerSchema,
  staleAlbumAnswerSchema,
  type CreateAlbumRequest,
  type StaleAlbumAnswer,
  type UpdateAlbumRequest,
} from '@tca/contracts';
import { callApi, type ApiResult, type CallOptions, type FetchLike } from '@tca/ui/api';
import { callWithConflict } from '../../../shared/call-with-conflict.js';

/** /staff-api/content/albums[/<part>…] with the parts encoded. */
export const albumsPath = (...parts: string[]): string => [`${STAFF_CONTENT_API_PREFIX}albums`, ...parts.map(encodeURIComponent)].join('/');

const withFetch = (fetchImpl?: FetchLike) => (fetchImpl ? { fetchImpl } : {});

export interface AlbumChange<T> {
  result: ApiResult<T>;
  /** The 409 `stale` answer (the album as it is now and what differs), when the call got one. */
  stale: StaleAlbumAnswer | null;
}

async function change<T>(path: string, options: CallOptions<T>): Promise<AlbumChange<T>> {
  const { result, conflict } = await callWithConflict(path, options, staleAlbumAnswerSchema);
  return { result, stale: conflict };
}

/** GET /staff-api/content/albums (editor or owner): every album, newest date first. */
export function listAlbums(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(albumsPath(), { token, answer: staffAlbumListAnswerSchema, ...(signal ? { signal } : {}), ...withFetch(fetchImpl) });
}

/** GET /staff-api/content/albums/:key: the album with its photos in order. */
export function getAlbum(token: string, key: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(albumsPath(key), { token, answer: staffAlbumAnswerSchema, ...(signal ? { signal } : {}), ...withFetch(fetchImpl) });
}

/** POST /staff-api/content/albums: a new, empty album (201). */
export function createAlbum(token: string, body: CreateAlbumRequest, fetchImpl?: FetchLike) {
  return callApi(albumsPath(), { method: 'POST', token, body, answer: staffAlbumAnswerSchema, ...withFetch(fetchImpl) });
}

/** PUT /staff-api/content/albums/:key: name and date, with the version they were edited from (409 stale otherwise). */
export function updateAlbum(token: string, key: string, body: UpdateAlbumRequest, fetchImpl?: FetchLike) {
  return change(albumsPath(key), { method: 'PUT', token, body, answer: staffAlbumAnswerSchema, ...withFetch(fetchImpl) });
}

/** DELETE /staff-api/content/albums/:key?version=N: the album and its photos (409 stale). */
export function deleteAlbum(token: string, key: string, version: number, fetchImpl?: FetchLike) {
  return change(`${albumsPath(key)}?version=${version}`, { method: 'DELETE', token, answer: deleteAlbumAnswerSchema, ...withFetch(fetchImpl) });
}

/** PUT /staff-api/content/albums/:key/photos/:photoId: the photo's alt text. */
export function setPhotoAlt(token: string, key: string, photoId: string, alt: string, fetchImpl?: FetchLike) {
  return callApi(albumsPath(key, 'photos', photoId), { method: 'PUT', token, body: { alt }, answer: staffAlbumAnswerSchema, ...withFetch(fetchImpl) });
}

/** PUT /staff-api/content/albums/:key/order: every photo id once, in the new order, with the version (409 stale). */
export function reorderPhotos(token: string, key: string, photoIds: readonly string[], version: number, fetchImpl?: FetchLike) {
  return change(albumsPath(key, 'order'), { method: 'PUT', token, body: { photoIds, version }, answer: staffAlbumAnswerSchema, ...withFetch(fetchImpl) });
}

/** DELETE /staff-api/content/albums/:key/photos/:photoId. */
export function removePhoto(token: string, key: string, photoId: string, fetchImpl?: FetchLike) {
  return callApi(albumsPath(key, 'photos', photoId), { method: 'DELETE', token, answer: staffAlbumAnswerSchema, ...withFetch(fetchImpl) });
}
