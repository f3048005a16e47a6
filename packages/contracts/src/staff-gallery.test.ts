import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALBUM_FIELD_RULES,
  ALBUM_NAME_MAX,
  ALBUM_PHOTOS_MAX,
  albumVersionQuerySchema,
  CONTENT_AUDIT_ACTIONS,
  createAlbumRequestSchema,
  PHOTO_ALT_MAX,
  photoAltRequestSchema,
  photoOrderRequestSchema,
  staleAlbumAnswerSchema,
  updateAlbumRequestSchema,
} from './index.js';

const id = (n: number) => n.toString(16).padStart(64, '0');

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('staff gallery: album requests', () => {
  it('accepts a name and a real day; trims the name', () => {
    assert.deepEqual(createAlbumRequestSchema.parse({ name: ' Pongal 2027 ', date: '2027-01-15' }), { name: 'Pongal 2027', date: '2027-01-15' });
    assert.equal(updateAlbumRequestSchema.parse({ name: 'Deepavali', date: '2026-11-01', version: 3 }).version, 3);
  });

  it('refuses an empty or long name, a day that does not exist, unknown fields and a missing version', () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ name: '   ', date: '2027-01-15' }, /Name is required/],
      [{ name: 'x'.repeat(ALBUM_NAME_MAX + 1), date: '2027-01-15' }, /at most 200/],
      [{ name: 'a\u0000b', date: '2027-01-15' }, /not allowed/],
      [{ name: 'A', date: '2027-02-30' }, /Date must be a day/],
      [{ name: 'A', date: 'today' }, /Date must be a day/],
      [{ name: 'A', date: '2027-01-15', extra: true }, /extra|Unrecognized/i],
    ];
    for (const [input, expected] of bad) {
      const result = createAlbumRequestSchema.safeParse(input);
      assert.equal(result.success, false, JSON.stringify(input).slice(0, 60));
      assert.match(JSON.stringify(result.error?.issues), expected);
    }
    assert.match(firstMessage(updateAlbumRequestSchema.safeParse({ name: 'A', date: '2027-01-15' })), /version of the album/);
    assert.match(firstMessage(updateAlbumRequestSchema.safeParse({ name: 'A', date: '2027-01-15', version: 0 })), /version of the album/);
  });

  it('reads ?version= as a whole number from 1', () => {
    assert.deepEqual(albumVersionQuerySchema.parse({ version: '12' }), { version: 12 });
    for (const version of ['0', '1.5', '-1', 'x', '01', '99999999999']) assert.equal(albumVersionQuerySchema.safeParse({ version }).success, false, version);
    assert.equal(albumVersionQuerySchema.safeParse({}).success, false);
  });

  it('the importer and the editor share the rules, each with its own label', () => {
    assert.equal(firstMessage(ALBUM_FIELD_RULES.name('name').safeParse('')), 'name is required');
    assert.equal(firstMessage(ALBUM_FIELD_RULES.photoAlt('imageAlts entry').safeParse('x'.repeat(PHOTO_ALT_MAX + 1))), `imageAlts entry must be at most ${PHOTO_ALT_MAX} characters`);
  });
});

describe('staff gallery: photo requests', () => {
  it('alt text: trimmed, may be empty, at most PHOTO_ALT_MAX characters', () => {
    assert.deepEqual(photoAltRequestSchema.parse({ alt: '  Kolam at the door ' }), { alt: 'Kolam at the door' });
    assert.ok(photoAltRequestSchema.safeParse({ alt: '' }).success);
    assert.match(firstMessage(photoAltRequestSchema.safeParse({ alt: 'x'.repeat(PHOTO_ALT_MAX + 1) })), /Alt text must be at most/);
    assert.equal(photoAltRequestSchema.safeParse({}).success, false);
  });

  it('order: distinct photo ids (sha256 hex) with the version; no repeats, no other strings, not too many', () => {
    assert.ok(photoOrderRequestSchema.safeParse({ photoIds: [id(2), id(1)], version: 4 }).success);
    assert.ok(photoOrderRequestSchema.safeParse({ photoIds: [], version: 1 }).success);
    assert.equal(photoOrderRequestSchema.safeParse({ photoIds: [id(1), id(1)], version: 4 }).success, false);
    assert.equal(photoOrderRequestSchema.safeParse({ photoIds: ['../x'], version: 4 }).success, false);
    assert.equal(photoOrderRequestSchema.safeParse({ photoIds: [id(1)] }).success, false);
    const many = Array.from({ length: ALBUM_PHOTOS_MAX + 1 }, (_, n) => id(n));
    assert.equal(photoOrderRequestSchema.safeParse({ photoIds: many, version: 1 }).success, false);
  });
});

describe('staff gallery: answers and audit', () => {
  it('a 409 names what changed and carries the album as it is now', () => {
    const current = { key: 'pongal', name: 'Pongal', date: '2027-01-15', photoCount: 0, thumbUrl: null, updatedAt: '2027-01-15T00:00:00.000Z', version: 2, photos: [] };
    assert.ok(staleAlbumAnswerSchema.safeParse({ error: 'stale', message: 'm', current, changed: ['name'] }).success);
  });

  it("album changes are actions of content's audit log", () => {
    for (const action of ['album_created', 'album_updated', 'album_deleted', 'album_photo_added', 'album_photo_alt_changed', 'album_photos_reordered', 'album_photo_removed']) {
      assert.ok((CONTENT_AUDIT_ACTIONS as readonly string[]).includes(action), action);
    }
  });
});
