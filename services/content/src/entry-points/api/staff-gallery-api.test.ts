import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  COVER_MAX_BYTES,
  COVER_NOT_AN_IMAGE_MESSAGE,
  COVER_TOO_BIG_MESSAGE,
  galleryListSchema,
  PHOTO_DUPLICATE_MESSAGE,
  staffAlbumAnswerSchema,
  staffAlbumListAnswerSchema,
  staleAlbumAnswerSchema,
  type StaffAlbum,
} from '@tca/contracts';
import { pngPicture, svgPicture } from '../../testing/content-fixtures.js';
import { exportIntoFreshDatabase, startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';
import { assertEditorsOnly, type StaffEndpoint } from '../../testing/staff-role-matrix.js';

/**
 * The staff API for gallery albums (issue 14) on the real service: PostgreSQL, Redis, identity as the stub
 * with chosen roles. Role matrix, validation, photo uploads through sharp (413 / 415 / 400 per file), alt
 * text, order, removal, 409 on a stale copy, the public /gallery/get changing at once (revision bump),
 * content's audit log, and an export/import round trip of an album made here.
 */

const P = '/staff-api/content/albums';
let site: StaffContentSite;
let editor: string;

async function call(method: string, path: string, authorization: string | undefined, body?: unknown): Promise<Response> {
  return site.call(method, `${P}${path}`, authorization, body);
}

async function albumFrom(res: Response, status = 200): Promise<StaffAlbum> {
  assert.equal(res.status, status, await res.clone().text());
  return staffAlbumAnswerSchema.parse(await res.json()).album;
}

async function create(name = 'Pongal 2027', date = '2027-01-15'): Promise<StaffAlbum> {
  return albumFrom(await call('POST', '', editor, { name, date }), 201);
}

function photoForm(bytes: Buffer, name: string, type: string, field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

function upload(key: string, form: FormData, authorization = editor): Promise<Response> {
  return fetch(`${site.url}${P}/${key}/photos`, { method: 'POST', headers: { Authorization: authorization }, body: form });
}

async function publicAlbum(key: string) {
  const list = galleryListSchema.parse(await (await site.call('GET', '/gallery/get', undefined)).json());
  return list.find((album) => album._id === key);
}

async function auditActions(key: string): Promise<string[]> {
  const { rows } = await site.pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [`album:${key}`]);
  return rows.map((r) => r.action);
}

before(async () => {
  site = await startStaffContentSite('content_staff_gallery', { CONTENT_SCHEDULE_CHECK_MS: '60000' });
  editor = site.bearer(['editor']);
});

after(async () => {
  await site?.stop();
});

describe('staff gallery API: who may call', () => {
  it('editor and owner may; other roles, members, no second factor and no session may not', async () => {
    const album = await create('Roles');
    const photo = '0'.repeat(64);
    const endpoints: StaffEndpoint[] = [
      ['GET', ''],
      ['GET', `/${album.key}`],
      ['POST', '', { name: 'Roles too', date: '2027-01-01' }],
      ['PUT', `/${album.key}`, { name: 'Roles', date: '2027-01-15', version: 1000 }],
      ['PUT', `/${album.key}/order`, { photoIds: [], version: 1000 }],
      ['PUT', `/${album.key}/photos/${photo}`, { alt: 'x' }],
      ['DELETE', `/${album.key}/photos/${photo}`],
      ['POST', `/${album.key}/photos`],
      ['DELETE', `/${album.key}?version=1000`],
    ];
    // Through the guard, each call's own answer: 404 no such photo, 409 stale, 400 no file.
    await assertEditorsOnly(site, call, endpoints, [200, 201, 400, 404, 409]);
    assert.equal((await upload(album.key, photoForm(svgPicture('#123456'), 'a.svg', 'image/svg+xml'), site.bearer(['treasurer']))).status, 403);
  });
});

describe('staff gallery API: albums', () => {
  it('validates with the shared rules: 400 naming the field; unknown albums and photos are 404', async () => {
    const bad: Array<[unknown, string]> = [
      [{ name: ' ', date: '2027-01-15' }, 'name'],
      [{ name: 'x'.repeat(201), date: '2027-01-15' }, 'name'],
      [{ name: 'A', date: '2027-02-30' }, 'date'],
      [{ name: 'A', date: 'today' }, 'date'],
      [{ name: 'A', date: '2027-01-15', extra: 1 }, ''],
      ['not an object', ''],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '', editor, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      const answer = (await res.json()) as { error: string; fields?: Record<string, string> };
      if (field) assert.ok(answer.fields?.[field], `${field} named: ${JSON.stringify(answer)}`);
    }
    const album = await create('Validation');
    assert.equal((await call('PUT', `/${album.key}`, editor, { name: 'A', date: '2027-01-15' })).status, 400, 'version is required');
    assert.equal((await call('DELETE', `/${album.key}?version=abc`, editor)).status, 400);
    assert.equal((await call('PUT', `/${album.key}/order`, editor, { photoIds: ['x'], version: album.version })).status, 400);
    assert.equal((await call('PUT', `/${album.key}/order`, editor, { photoIds: ['a'.repeat(64)], version: album.version })).status, 400, 'not the album photos');
    assert.equal((await call('PUT', `/${album.key}/photos/${'a'.repeat(64)}`, editor, { alt: 'x'.repeat(301) })).status, 400);
    assert.equal((await call('PUT', `/${album.key}/photos/${'a'.repeat(64)}`, editor, { alt: 'fine' })).status, 404);
    assert.equal((await call('PUT', `/${album.key}/photos/not-an-id`, editor, { alt: 'fine' })).status, 404);
    assert.equal((await call('GET', '/no-such-album', editor)).status, 404);
    assert.equal((await call('GET', '/bad%20key', editor)).status, 404);
    assert.equal((await upload('no-such-album', photoForm(svgPicture('#123456'), 'a.svg', 'image/svg+xml'))).status, 404);
  });

  it('create, rename and re-date: keys from the name, unique; shows on /gallery/get at once; audit entries', async () => {
    const first = await create('Deepavali Night!', '2026-11-01');
    const second = await create('Deepavali night', '2026-11-01');
    assert.equal(first.key, 'deepavali-night');
    assert.equal(second.key, 'deepavali-night-2');
    assert.equal((await create('தைப்பொங்கல்', '2026-01-15')).key, 'album');
    assert.equal((await publicAlbum(first.key))?.name, 'Deepavali Night!', 'a new album is public at once');
    const renamed = await albumFrom(await call('PUT', `/${first.key}`, editor, { name: 'Deepavali 2026', date: '2026-11-02', version: first.version }));
    assert.equal(renamed.version, first.version + 1);
    const shown = await publicAlbum(first.key);
    assert.deepEqual([shown?.name, shown?.date], ['Deepavali 2026', '2026-11-02'], 'the rename shows at once (revision bumped)');
    const list = staffAlbumListAnswerSchema.parse(await (await call('GET', '', editor)).json());
    assert.ok(list.albums.some((a) => a.key === first.key && a.name === 'Deepavali 2026' && a.photoCount === 0));
    assert.equal((await call('DELETE', `/${first.key}?version=${renamed.version}`, editor)).status, 200);
    assert.equal((await call('GET', `/${first.key}`, editor)).status, 404);
    assert.equal(await publicAlbum(first.key), undefined, 'deleted: gone from the public gallery');
    assert.deepEqual(await auditActions(first.key), ['album_created', 'album_updated', 'album_deleted']);
  });

  it('an edit on a stale copy is refused with 409 and what changed', async () => {
    const album = await create('Stale album', '2027-03-01');
    const theirs = await albumFrom(await call('PUT', `/${album.key}`, editor, { name: 'Renamed by someone', date: '2027-03-01', version: album.version }));
    const res = await call('PUT', `/${album.key}`, editor, { name: 'Stale album', date: '2027-03-02', version: album.version });
    assert.equal(res.status, 409);
    const stale = staleAlbumAnswerSchema.parse(await res.json());
    assert.equal(stale.current.name, 'Renamed by someone');
    assert.equal(stale.current.version, theirs.version);
    assert.deepEqual(stale.changed, ['name', 'date']);
    assert.equal((await call('PUT', `/${album.key}/order`, editor, { photoIds: [], version: album.version })).status, 409);
    assert.equal((await call('DELETE', `/${album.key}?version=${album.version}`, editor)).status, 409);
    assert.equal((await call('GET', `/${album.key}`, editor)).status, 200, 'the stale delete did not delete');
  });
});

describe('staff gallery API: photos', () => {
  it('uploads through sharp (413 too big, 415 not a picture, 400 unreadable or already there), alt text, order and removal show at once', async () => {
    const album = await create('Photos', '2027-02-01');
    const red = await pngPicture(900, 600, { r: 200, g: 30, b: 30 });
    const one = await albumFrom(await upload(album.key, photoForm(red, 'red.png', 'image/png')), 201);
    const two = await albumFrom(await upload(album.key, photoForm(svgPicture('#1d4ed8'), 'blue.svg', 'image/svg+xml')), 201);
    assert.equal(two.photos.length, 2);
    const [redPhoto, bluePhoto] = two.photos;
    assert.ok(redPhoto && bluePhoto);
    assert.equal(redPhoto.width, 900);
    assert.equal(redPhoto.alt, '');
    assert.equal(two.version, one.version + 1, 'each upload is a new version');
    const image = await site.call('GET', bluePhoto.thumbUrl, undefined);
    assert.equal(image.headers.get('content-type'), 'image/webp');

    const refusals: Array<[FormData, number, string | undefined]> = [
      [photoForm(Buffer.alloc(COVER_MAX_BYTES + 1), 'huge.png', 'image/png'), 413, COVER_TOO_BIG_MESSAGE],
      [photoForm(Buffer.from('%PDF-1.4'), 'notes.pdf', 'application/pdf'), 415, COVER_NOT_AN_IMAGE_MESSAGE],
      [photoForm(Buffer.from('not a png'), 'fake.png', 'image/png'), 400, undefined],
      [photoForm(red, 'red-again.png', 'image/png'), 400, PHOTO_DUPLICATE_MESSAGE],
      [photoForm(red, 'red.png', 'image/png', 'cover'), 400, undefined],
      [new FormData(), 400, undefined],
    ];
    for (const [form, status, message] of refusals) {
      const res = await upload(album.key, form);
      assert.equal(res.status, status);
      const answer = (await res.json()) as { message: string; fields?: Record<string, string> };
      if (message) assert.equal(answer.message, message);
      assert.ok(answer.fields?.photo ?? answer.message, 'a message for the file');
    }

    const alt = await albumFrom(await call('PUT', `/${album.key}/photos/${bluePhoto.id}`, editor, { alt: ' A blue banner ' }));
    assert.equal(alt.photos[1]?.alt, 'A blue banner');
    const reordered = await albumFrom(await call('PUT', `/${album.key}/order`, editor, { photoIds: [bluePhoto.id, redPhoto.id], version: alt.version }));
    assert.deepEqual(reordered.photos.map((p) => p.id), [bluePhoto.id, redPhoto.id]);
    const shown = await publicAlbum(album.key);
    assert.deepEqual(shown?.images, [bluePhoto.url, redPhoto.url].map((url) => decodeURIComponent(url.replace('/uploads/', ''))), 'the public order at once');
    assert.deepEqual(shown?.imageMeta.map((m) => m.alt), ['A blue banner', '']);
    assert.equal((await call('PUT', `/${album.key}/order`, editor, { photoIds: [redPhoto.id], version: reordered.version })).status, 400, 'every photo once');

    const removed = await albumFrom(await call('DELETE', `/${album.key}/photos/${redPhoto.id}`, editor));
    assert.deepEqual(removed.photos.map((p) => p.id), [bluePhoto.id]);
    assert.equal((await publicAlbum(album.key))?.images.length, 1);
    assert.equal((await call('DELETE', `/${album.key}/photos/${redPhoto.id}`, editor)).status, 404, 'already removed');
    const { rows } = await site.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM image_sources WHERE hash = $1', [redPhoto.id]);
    assert.equal(rows[0]?.n, 0, 'the removed picture is not kept');
    assert.deepEqual(await auditActions(album.key), ['album_created', 'album_photo_added', 'album_photo_added', 'album_photo_alt_changed', 'album_photos_reordered', 'album_photo_removed']);
  });
});

describe('staff gallery API: export and import', () => {
  it('an album made in the editor (photo order, alt text) round-trips through export into a fresh database', async () => {
    let album = await create('Round trip album', '2026-08-09');
    for (const [n, colour] of ['#0f766e', '#b45309', '#7c3aed'].entries()) {
      album = await albumFrom(await upload(album.key, photoForm(svgPicture(colour), `p${n}.svg`, 'image/svg+xml')), 201);
    }
    const [a, b, c] = album.photos;
    assert.ok(a && b && c);
    album = await albumFrom(await call('PUT', `/${album.key}/photos/${b.id}`, editor, { alt: 'Second, now first' }));
    album = await albumFrom(await call('PUT', `/${album.key}/order`, editor, { photoIds: [b.id, c.id, a.id], version: album.version }));
    await exportIntoFreshDatabase(site, 'content_gallery_roundtrip', async (fresh) => {
      const { rows } = await fresh.query<{ name: string; date: string; hashes: string[]; alts: string[] }>(
        "SELECT name, to_char(event_date, 'YYYY-MM-DD') AS date, image_hashes AS hashes, ARRAY(SELECT m ->> 'alt' FROM jsonb_array_elements(image_meta) m) AS alts FROM gallery_events WHERE key = $1",
        [album.key],
      );
      assert.deepEqual(rows[0], {
        name: 'Round trip album',
        date: '2026-08-09',
        hashes: album.photos.map((p) => p.id),
        alts: album.photos.map((p) => p.alt),
      });
      assert.deepEqual(rows[0]?.alts, ['Second, now first', '', '']);
    });
  });
});
