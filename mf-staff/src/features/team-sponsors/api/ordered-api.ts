import { STAFF_CONTENT_API_PREFIX } from '@tca/contracts';
import { callApi, UPLOAD_TIMEOUT_MS, type FetchLike } from '@tca/ui/api';
import { callWithConflict } from '../../../shared/call-with-conflict.js';
import type { ListItem, ListKind } from '../list-kinds.js';

/**
 * The calls the team and sponsors pages make (editor or owner): GET the list, POST an item, PUT it with its
 * version, DELETE ?version=, PUT its picture (multipart), PUT …/order. A 409 brings its details (`conflict`).
 */

const pathOf = (...parts: string[]): string => `${STAFF_CONTENT_API_PREFIX}${parts.map(encodeURIComponent).join('/')}`;
const withFetch = (fetchImpl: FetchLike | undefined) => (fetchImpl ? { fetchImpl } : {});

export function listItems<I extends ListItem>(kind: ListKind<I>, token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(pathOf(kind.path), { token, answer: kind.list, ...(signal ? { signal } : {}), ...withFetch(fetchImpl) });
}

export function createItem<I extends ListItem>(kind: ListKind<I>, token: string, body: Record<string, unknown>, fetchImpl?: FetchLike) {
  return callApi(pathOf(kind.path), { method: 'POST', token, body, answer: kind.one, ...withFetch(fetchImpl) });
}

export function updateItem<I extends ListItem>(kind: ListKind<I>, token: string, key: string, body: Record<string, unknown> & { version: number }, fetchImpl?: FetchLike) {
  return callWithConflict(pathOf(kind.path, key), { method: 'PUT', token, body, answer: kind.one, ...withFetch(fetchImpl) }, kind.stale);
}

export function deleteItem<I extends ListItem>(kind: ListKind<I>, token: string, key: string, version: number, fetchImpl?: FetchLike) {
  return callWithConflict(`${pathOf(kind.path, key)}?version=${version}`, { method: 'DELETE', token, ...withFetch(fetchImpl) }, kind.stale);
}

export function uploadPicture<I extends ListItem>(kind: ListKind<I>, token: string, key: string, version: number, file: Blob, fileName: string, fetchImpl?: FetchLike) {
  const form = new FormData();
  form.append(kind.pictureField, file, fileName);
  return callWithConflict(
    `${pathOf(kind.path, key, kind.pictureField)}?version=${version}`,
    { method: 'PUT', token, body: form, answer: kind.one, timeoutMs: UPLOAD_TIMEOUT_MS, ...withFetch(fetchImpl) },
    kind.stale,
  );
}

/** PUT …/order with every key; a 409 brings the list as it is now (someone added or removed an item). */
export function saveOrder<I extends ListItem>(kind: ListKind<I>, token: string, keys: readonly string[], fetchImpl?: FetchLike) {
  return callWithConflict(pathOf(kind.path, 'order'), { method: 'PUT', token, body: { keys }, answer: kind.list, ...withFetch(fetchImpl) }, kind.staleOrder);
}
