import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COVER_MAX_BYTES, type StaffAlbum } from '@tca/contracts';
import { changedText, checkAlbum, fileProblem, laterAlbum, moveItem, queueSummary, sizeText, uploadFailureText, type QueuedUpload } from './album-form.js';
import { uploadPhoto, type UploadRequest } from './api/upload-photo.js';

const album = (version: number): StaffAlbum => ({ key: 'pongal', name: 'Pongal', date: '2027-01-15', photoCount: 0, thumbUrl: null, updatedAt: '2027-01-15T00:00:00.000Z', version, photos: [] });

describe('gallery editor: the album form', () => {
  it('checks name and date with the server rules, naming each field', () => {
    assert.deepEqual(checkAlbum({ name: ' Pongal ', date: '2027-01-15', taName: ' ' }), { request: { name: 'Pongal', date: '2027-01-15', ta: {} }, errors: null });
    const { errors } = checkAlbum({ name: '  ', date: '', taName: '' });
    assert.deepEqual(errors, { name: 'Name is required', date: 'Date is required' });
    assert.match(checkAlbum({ name: 'A', date: '2027-02-30', taName: '' }).errors?.date ?? '', /Date must be a day/);
    assert.deepEqual(checkAlbum({ name: 'A', date: '2027-02-03', taName: ' பொங்கல் ' }).request?.ta, { name: 'பொங்கல்' });
    assert.match(checkAlbum({ name: 'A', date: '2027-02-03', taName: 'ப'.repeat(201) }).errors?.['ta.name'] ?? '', /Tamil name must be at most/);
  });

  it('moves an item to another place; out of range changes nothing', () => {
    assert.deepEqual(moveItem(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
    assert.deepEqual(moveItem(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
    assert.deepEqual(moveItem(['a', 'b'], 0, 5), ['a', 'b']);
  });

  it('the later copy of the album wins (uploads finish in any order)', () => {
    assert.equal(laterAlbum(album(5), album(4)).version, 5);
    assert.equal(laterAlbum(album(3), album(4)).version, 4);
    assert.equal(laterAlbum(null, album(1)).version, 1);
  });

  it('names what changed in a 409', () => {
    assert.equal(changedText(['name']), 'name');
    assert.equal(changedText(['name', 'date', 'photos']), 'name, date and photos');
    assert.equal(changedText(['ta.name']), 'Tamil name');
  });
});

describe('gallery editor: uploads', () => {
  it('a file over the limit is not sent; its size is named', () => {
    assert.equal(fileProblem({ size: COVER_MAX_BYTES }), null);
    assert.match(fileProblem({ size: COVER_MAX_BYTES + 1 }) ?? '', /too big: at most 10 MB\. This file is 10\.0 MB/);
    assert.equal(sizeText(2048), '2 KB');
  });

  it('the live summary counts done, failed and waiting files', () => {
    const item = (state: QueuedUpload['state']): QueuedUpload => ({ id: state, name: `${state}.png`, size: 1, state, sent: 0, error: null });
    assert.equal(queueSummary([]), '');
    assert.equal(queueSummary([item('done'), item('failed'), item('waiting')]), '1 of 3 photos uploaded; 1 failed; 1 still uploading.');
    assert.equal(uploadFailureText({ kind: 'http', status: 404, statusText: 'Not Found', error: null, retryAfter: null }), 'The album is not there any more (someone may have deleted it).');
  });

  /** A stand-in XMLHttpRequest that answers with `status` and `body` after reporting progress. */
  function fakeRequest(status: number, body: unknown, sent: string[]): () => UploadRequest {
    return () => {
      const request = {
        timeout: 0,
        status: 0,
        statusText: '',
        responseText: '',
        upload: { onprogress: null as ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null },
        onload: null as (() => void) | null,
        onerror: null,
        ontimeout: null,
        onabort: null,
        open: (method: string, url: string) => sent.push(`${method} ${url}`),
        setRequestHeader: (name: string, value: string) => sent.push(`${name}: ${value}`),
        getResponseHeader: () => null,
        abort: () => undefined,
        send: (form: FormData) => {
          sent.push(`field ${[...form.keys()].join()}`);
          request.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
          Object.assign(request, { status, statusText: String(status), responseText: JSON.stringify(body) });
          request.onload?.();
        },
      };
      return request as unknown as UploadRequest;
    };
  }

  it('uploadPhoto sends the file in the photo field with the token, reports progress and reads the answer', async () => {
    const sent: string[] = [];
    const progress: number[] = [];
    const ok = await uploadPhoto('tok', 'pongal', new Blob(['x']), 'a.png', (p) => progress.push(p), undefined, fakeRequest(201, { album: album(2), message: 'Photo added.' }, sent));
    assert.equal(ok.kind, 'ok');
    assert.equal(ok.kind === 'ok' ? ok.answer?.album.version : 0, 2);
    assert.deepEqual(progress, [0.5, 1]);
    assert.deepEqual(sent, ['POST /staff-api/content/albums/pongal/photos', 'Authorization: Bearer tok', 'Accept: application/json', 'field photo']);
    const refused = await uploadPhoto('tok', 'pongal', new Blob(['x']), 'notes.pdf', () => undefined, undefined, fakeRequest(415, { error: 'unsupported_media_type', message: 'The file is not a picture we can use.' }, []));
    assert.equal(refused.kind === 'http' ? `${refused.status} ${refused.error?.message ?? ''}` : refused.kind, '415 The file is not a picture we can use.');
  });
});
