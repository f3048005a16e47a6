import { z } from 'zod';
import { postDateSchema, staffPostCoverSchema } from './staff-content.js';
import { tamilAnswerSchema, tamilRequestSchema } from './staff-tamil.js';
import { textField } from './text-field.js';

/**
 * Gallery albums edited in the staff area (issue 14): the calls mf-staff makes to the content service under
 * `/staff-api/content/albums`, editor or owner role, second factor done. An album is a gallery entry of the
 * folder importer (gallery.json): the name and photo alt rules here are the ones the importer applies
 * (content-folder.ts builds its gallery entry from ALBUM_FIELD_RULES).
 *
 * Photos are uploaded one per request (POST /albums/:key/photos, multipart field `photo`) so the page can show
 * each file's progress; they are added at the end and need no version (several may be in flight at once).
 * Renaming, re-dating, reordering and deleting the album carry the album's `version` (409 `stale` when
 * someone changed it meanwhile). A photo's id is the sha256 of its original bytes: the same picture is in an
 * album at most once.
 */

// ---------------------------------------------------------------------------------------------
// Field rules shared with the importer
// ---------------------------------------------------------------------------------------------

export const ALBUM_NAME_MAX = 200;
export const PHOTO_ALT_MAX = 300;
/** The most photos one album holds (the order request lists them all). */
export const ALBUM_PHOTOS_MAX = 500;

/** The rules of an album's fields; `label` names the field in messages (the importer says `name`, the editor `Name`). */
export const ALBUM_FIELD_RULES = {
  name: (label: string) =>
    textField(label)
      .trim()
      .min(1, `${label} is required`)
      .max(ALBUM_NAME_MAX, `${label} must be at most ${ALBUM_NAME_MAX} characters`),
  photoAlt: (label: string) => textField(label).trim().max(PHOTO_ALT_MAX, `${label} must be at most ${PHOTO_ALT_MAX} characters`),
  /** A Tamil name: the English one's limit, and may be blank (none). */
  tamilName: (label: string) => textField(label).trim().max(ALBUM_NAME_MAX, `${label} must be at most ${ALBUM_NAME_MAX} characters`),
} as const;

/** An album's Tamil name (staff-tamil.ts: blank is none; left out of an update keeps it). */
export const albumTamilRequestSchema = tamilRequestSchema({ name: ALBUM_FIELD_RULES.tamilName('Tamil name') });
export type AlbumTamilRequest = z.input<typeof albumTamilRequestSchema>;

/** A photo's id: the hex sha256 of the picture as uploaded. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{64}$/;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const albumFields = {
  name: ALBUM_FIELD_RULES.name('Name'),
  /** The day of the event the photos are from (the public gallery's date and order: newest first). */
  date: postDateSchema,
  ta: albumTamilRequestSchema.optional(),
};

/** POST /staff-api/content/albums (201 with StaffAlbumAnswer): the key is made from the name, unique. */
export const createAlbumRequestSchema = z.object(albumFields).strict();
export type CreateAlbumRequest = z.input<typeof createAlbumRequestSchema>;

export const ALBUM_VERSION_MESSAGE = 'version must be the version of the album you edited (a whole number from 1)';
export const albumVersionSchema = z.number(ALBUM_VERSION_MESSAGE).int(ALBUM_VERSION_MESSAGE).min(1, ALBUM_VERSION_MESSAGE).max(2_147_483_647, ALBUM_VERSION_MESSAGE);

/** PUT /staff-api/content/albums/:key: the new name and date, and the `version` they were edited from. */
export const updateAlbumRequestSchema = z.object({ ...albumFields, version: albumVersionSchema }).strict();
export type UpdateAlbumRequest = z.input<typeof updateAlbumRequestSchema>;

/** `?version=N` of DELETE /albums/:key. */
export const albumVersionQuerySchema = z
  .object({ version: z.string(ALBUM_VERSION_MESSAGE).regex(/^[1-9]\d{0,9}$/, ALBUM_VERSION_MESSAGE).transform(Number).pipe(albumVersionSchema) })
  .strict();

/** PUT /staff-api/content/albums/:key/photos/:photoId: the photo's alt text (empty: the public page names the album instead). */
export const photoAltRequestSchema = z.object({ alt: ALBUM_FIELD_RULES.photoAlt('Alt text') }).strict();
export type PhotoAltRequest = z.infer<typeof photoAltRequestSchema>;

export const PHOTO_ORDER_MESSAGE = 'photoIds must list every photo of the album once, in the new order';
/** PUT /staff-api/content/albums/:key/order: every photo id of the album once, in the order to show them. */
export const photoOrderRequestSchema = z
  .object({
    photoIds: z
      .array(z.string(PHOTO_ORDER_MESSAGE).regex(PHOTO_ID_PATTERN, PHOTO_ORDER_MESSAGE), PHOTO_ORDER_MESSAGE)
      .max(ALBUM_PHOTOS_MAX, PHOTO_ORDER_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, PHOTO_ORDER_MESSAGE),
    version: albumVersionSchema,
  })
  .strict();
export type PhotoOrderRequest = z.infer<typeof photoOrderRequestSchema>;

/** POST /staff-api/content/albums/:key/photos: multipart/form-data with one picture in this field (limits: COVER_MAX_BYTES, COVER_ACCEPT). */
export const PHOTO_FIELD = 'photo';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A photo: the cover's fields (largest variant's url and size, alt) without the file name, with its id and thumbnail. */
export const staffPhotoSchema = staffPostCoverSchema.omit({ file: true }).extend({
  id: z.string(),
  /** `/uploads/<file>`: the smallest stored variant (the editor's grid). */
  thumbUrl: z.string(),
});
export type StaffPhoto = z.infer<typeof staffPhotoSchema>;

export const staffAlbumSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  photoCount: z.number().int().nonnegative(),
  /** The first photo's small variant, or null for an empty album. */
  thumbUrl: z.string().nullable(),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
  /** Send it back with PUT / order / DELETE: a change made meanwhile makes it stale (409). */
  version: z.number().int().positive(),
  /** The Tamil name the album has (the service always sends `ta`; `{}` when none). */
  ta: tamilAnswerSchema('name').optional(),
});
export type StaffAlbumSummary = z.infer<typeof staffAlbumSummarySchema>;

/** GET /staff-api/content/albums: newest date first (the public gallery's order). */
export const staffAlbumListAnswerSchema = z.object({ albums: z.array(staffAlbumSummarySchema) });
export type StaffAlbumListAnswer = z.infer<typeof staffAlbumListAnswerSchema>;

export const staffAlbumSchema = staffAlbumSummarySchema.extend({ photos: z.array(staffPhotoSchema) });
export type StaffAlbum = z.infer<typeof staffAlbumSchema>;

/** GET /albums/:key, POST /albums (201), PUT /albums/:key, POST …/photos (201), PUT …/photos/:id, PUT …/order, DELETE …/photos/:id. */
export const staffAlbumAnswerSchema = z.object({ album: staffAlbumSchema, message: z.string().optional() });
export type StaffAlbumAnswer = z.infer<typeof staffAlbumAnswerSchema>;

/** 409 from PUT / order / DELETE with an old version: the album as it is now, and what differs from the request. */
export const staleAlbumAnswerSchema = z.object({
  error: z.literal('stale'),
  message: z.string(),
  current: staffAlbumSchema,
  /** Names of what the current album has differently from the request: name, date, ta.name, photos (added, removed or moved); empty for DELETE. */
  changed: z.array(z.string()),
});
export type StaleAlbumAnswer = z.infer<typeof staleAlbumAnswerSchema>;

/** DELETE /staff-api/content/albums/:key?version=N (200). */
export const deleteAlbumAnswerSchema = z.object({ message: z.string(), key: z.string() });
export type DeleteAlbumAnswer = z.infer<typeof deleteAlbumAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Messages (the upload's 413 / 415 / 400 are the cover's: COVER_TOO_BIG_MESSAGE, COVER_NOT_AN_IMAGE_MESSAGE, COVER_UNREADABLE_MESSAGE)
// ---------------------------------------------------------------------------------------------

export const ALBUM_NOT_FOUND_MESSAGE = 'There is no album with this key (it may have been deleted).';
export const PHOTO_NOT_FOUND_MESSAGE = 'This photo is not in the album any more (someone may have removed it).';
export const ALBUM_STALE_MESSAGE = 'Someone changed this album after you opened it. Look at their version, then make your change again.';
export const ALBUM_CREATED_MESSAGE = 'Album created.';
export const ALBUM_SAVED_MESSAGE = 'Album saved.';
export const ALBUM_DELETED_MESSAGE = 'Album deleted.';
export const PHOTO_ADDED_MESSAGE = 'Photo added.';
export const PHOTO_ALT_SAVED_MESSAGE = 'Alt text saved.';
export const PHOTO_ORDER_SAVED_MESSAGE = 'Photo order saved.';
export const PHOTO_REMOVED_MESSAGE = 'Photo removed.';
export const PHOTO_MISSING_MESSAGE = `Choose a picture to upload (field "${PHOTO_FIELD}").`;
export const PHOTO_DUPLICATE_MESSAGE = 'This picture is already in the album.';
export const ALBUM_FULL_MESSAGE = `An album holds at most ${ALBUM_PHOTOS_MAX} photos: start another album.`;
