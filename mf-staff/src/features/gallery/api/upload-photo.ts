import { parseApiError, PHOTO_FIELD, staffAlbumAnswerSchema, type StaffAlbumAnswer } from '@tca/contracts';
import { UPLOAD_TIMEOUT_MS, type ApiResult } from '@tca/ui/api';
import { albumsPath } from './album-calls.js';

/** The part of XMLHttpRequest an upload uses (a test passes its own). */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'timeout' | 'status' | 'statusText' | 'responseText' | 'getResponseHeader' | 'upload' | 'onload' | 'onerror' | 'ontimeout' | 'onabort'
>;

function json(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * POST /staff-api/content/albums/:key/photos: one picture as multipart, with XMLHttpRequest because fetch
 * reports no upload progress. `onProgress` gets the share sent (0 to 1). Ends like callApi: ok with the
 * album, http (413 too big, 415 not a picture, 400 unreadable or already there, 404 album gone), network.
 */
export function uploadPhoto(
  token: string,
  key: string,
  file: Blob,
  fileName: string,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
  request: () => UploadRequest = () => new XMLHttpRequest(),
): Promise<ApiResult<StaffAlbumAnswer>> {
  return new Promise((resolve) => {
    const xhr = request();
    const network = (message: string) => resolve({ kind: 'network', message });
    xhr.open('POST', albumsPath(key, 'photos'));
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = json(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        const parsed = staffAlbumAnswerSchema.safeParse(body);
        resolve({ kind: 'ok', status: xhr.status, answer: parsed.success ? parsed.data : null, body });
      } else {
        resolve({ kind: 'http', status: xhr.status, statusText: xhr.statusText, error: parseApiError(body), retryAfter: xhr.getResponseHeader('Retry-After') });
      }
    };
    xhr.onerror = () => network('The upload was interrupted.');
    xhr.ontimeout = () => network('The upload took too long.');
    xhr.onabort = () => network('The upload was cancelled.');
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(PHOTO_FIELD, file, fileName);
    xhr.send(form);
  });
}
