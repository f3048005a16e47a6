import { callApi, UPLOAD_TIMEOUT_MS } from '@tca/ui/api';

/** POST /membership/documents (multipart, one file): the stored document's reference (see documents.ts). */
export function uploadDocument(file: File, token: string) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi('/membership/documents', { body: form, token, timeoutMs: UPLOAD_TIMEOUT_MS });
}
