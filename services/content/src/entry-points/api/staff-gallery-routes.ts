import { Router, type Request, type Response } from 'express';
import {
  ALBUM_CREATED_MESSAGE,
  ALBUM_DELETED_MESSAGE,
  ALBUM_FULL_MESSAGE,
  ALBUM_NOT_FOUND_MESSAGE,
  ALBUM_SAVED_MESSAGE,
  ALBUM_STALE_MESSAGE,
  albumVersionQuerySchema,
  CONTENT_KEY_PATTERN,
  COVER_UNREADABLE_MESSAGE,
  createAlbumRequestSchema,
  PHOTO_ADDED_MESSAGE,
  PHOTO_ALT_SAVED_MESSAGE,
  PHOTO_DUPLICATE_MESSAGE,
  PHOTO_FIELD,
  PHOTO_ID_PATTERN,
  PHOTO_MISSING_MESSAGE,
  PHOTO_NOT_FOUND_MESSAGE,
  PHOTO_ORDER_MESSAGE,
  PHOTO_ORDER_SAVED_MESSAGE,
  PHOTO_REMOVED_MESSAGE,
  photoAltRequestSchema,
  photoOrderRequestSchema,
  STAFF_CONTENT_API_PREFIX,
  updateAlbumRequestSchema,
  type DeleteAlbumAnswer,
  type StaffAlbum,
  type StaffAlbumAnswer,
  type StaffAlbumListAnswer,
  type StaleAlbumAnswer,
} from '@tca/contracts';
import { actorOf, AppError, createStaffGuard, NotFoundError, parseBody, ValidationError } from '@tca/service-kit';
import {
  AlbumFullError,
  AlbumNotFoundError,
  DuplicatePhotoError,
  PhotoNotFoundError,
  PhotoOrderMismatchError,
  StaffGallery,
  StaleAlbumError,
} from '../../domain/staff-gallery/staff-gallery.js';
import { UnreadableImageError } from '../../domain/staff-posts/staff-posts.js';
import type { ContentDeps } from './api-deps.js';
import { parseQuery, pictureName, receivePicture } from './staff-http.js';

const ALBUMS = `${STAFF_CONTENT_API_PREFIX}albums`;

function keyOf(req: Request): string {
  const key = String(req.params.key ?? '');
  if (!CONTENT_KEY_PATTERN.test(key)) throw new NotFoundError(ALBUM_NOT_FOUND_MESSAGE);
  return key;
}

function photoIdOf(req: Request): string {
  const id = String(req.params.photoId ?? '');
  if (!PHOTO_ID_PATTERN.test(id)) throw new NotFoundError(PHOTO_NOT_FOUND_MESSAGE);
  return id;
}

/** Runs a change and `respond`s with its result; the domain's refusals become 4xx answers (stale: 409 with the album as it is). */
async function answerChange<T>(res: Response, change: () => Promise<T>, respond: (result: T) => void): Promise<void> {
  let result: T;
  try {
    result = await change();
  } catch (err) {
    if (err instanceof AlbumNotFoundError) throw new NotFoundError(ALBUM_NOT_FOUND_MESSAGE);
    if (err instanceof PhotoNotFoundError) throw new NotFoundError(PHOTO_NOT_FOUND_MESSAGE);
    if (err instanceof UnreadableImageError) throw new AppError(400, 'unreadable_image', COVER_UNREADABLE_MESSAGE, { [PHOTO_FIELD]: COVER_UNREADABLE_MESSAGE });
    if (err instanceof DuplicatePhotoError) throw new AppError(400, 'duplicate_photo', PHOTO_DUPLICATE_MESSAGE, { [PHOTO_FIELD]: PHOTO_DUPLICATE_MESSAGE });
    if (err instanceof AlbumFullError) throw new AppError(400, 'album_full', ALBUM_FULL_MESSAGE, { [PHOTO_FIELD]: ALBUM_FULL_MESSAGE });
    if (err instanceof PhotoOrderMismatchError) throw new ValidationError({ photoIds: PHOTO_ORDER_MESSAGE }, PHOTO_ORDER_MESSAGE);
    if (err instanceof StaleAlbumError) {
      const body: StaleAlbumAnswer = { error: 'stale', message: ALBUM_STALE_MESSAGE, current: err.current, changed: err.changed };
      res.status(409).json(body);
      return;
    }
    throw err;
  }
  respond(result);
}

/** Answers the changed album with `message`. */
function albumAnswer(res: Response, message: string, status = 200): (album: StaffAlbum) => void {
  return (album) => {
    const answer: StaffAlbumAnswer = { album, message };
    res.status(status).json(answer);
  };
}

/**
 * The staff API for gallery albums (issue 14) under /staff-api/content/albums: editor or owner, second
 * factor done, checked on every call. Every answer is `Cache-Control: no-store`.
 */
export function createStaffGalleryRouter(deps: ContentDeps): Router {
  const router = Router();
  const gallery = new StaffGallery(deps.pool);
  const editor = createStaffGuard({ identityUrl: deps.config.IDENTITY_URL, timeoutMs: deps.config.IDENTITY_TIMEOUT_MS })(['editor']);
  router.use(ALBUMS, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(ALBUMS, editor, async (_req, res) => {
    const answer: StaffAlbumListAnswer = { albums: await gallery.list() };
    res.json(answer);
  });

  router.get(`${ALBUMS}/:key`, editor, async (req, res) => {
    const album = await gallery.get(keyOf(req));
    if (!album) throw new NotFoundError(ALBUM_NOT_FOUND_MESSAGE);
    const answer: StaffAlbumAnswer = { album };
    res.json(answer);
  });

  router.post(ALBUMS, editor, async (req, res) => {
    const fields = parseBody(createAlbumRequestSchema, req.body);
    await answerChange(res, () => gallery.create(fields, actorOf(req)), albumAnswer(res, ALBUM_CREATED_MESSAGE, 201));
  });

  router.put(`${ALBUMS}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version, ...fields } = parseBody(updateAlbumRequestSchema, req.body);
    await answerChange(res, () => gallery.update(key, version, fields, actorOf(req)), albumAnswer(res, ALBUM_SAVED_MESSAGE));
  });

  router.delete(`${ALBUMS}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(albumVersionQuerySchema, req.query);
    await answerChange(res, () => gallery.remove(key, version, actorOf(req)), () => {
      const answer: DeleteAlbumAnswer = { message: ALBUM_DELETED_MESSAGE, key };
      res.json(answer);
    });
  });

  router.post(`${ALBUMS}/:key/photos`, editor, async (req, res) => {
    const key = keyOf(req);
    const file = await receivePicture(req, res, PHOTO_FIELD, PHOTO_MISSING_MESSAGE);
    const name = pictureName(file, PHOTO_FIELD);
    await answerChange(res, () => gallery.addPhoto(key, { fileName: name, bytes: file.buffer }, actorOf(req)), albumAnswer(res, PHOTO_ADDED_MESSAGE, 201));
  });

  router.put(`${ALBUMS}/:key/photos/:photoId`, editor, async (req, res) => {
    const key = keyOf(req);
    const photoId = photoIdOf(req);
    const { alt } = parseBody(photoAltRequestSchema, req.body);
    await answerChange(res, () => gallery.setPhotoAlt(key, photoId, alt, actorOf(req)), albumAnswer(res, PHOTO_ALT_SAVED_MESSAGE));
  });

  router.delete(`${ALBUMS}/:key/photos/:photoId`, editor, async (req, res) => {
    const key = keyOf(req);
    const photoId = photoIdOf(req);
    await answerChange(res, () => gallery.removePhoto(key, photoId, actorOf(req)), albumAnswer(res, PHOTO_REMOVED_MESSAGE));
  });

  router.put(`${ALBUMS}/:key/order`, editor, async (req, res) => {
    const key = keyOf(req);
    const { photoIds, version } = parseBody(photoOrderRequestSchema, req.body);
    await answerChange(res, () => gallery.reorder(key, version, photoIds, actorOf(req)), albumAnswer(res, PHOTO_ORDER_SAVED_MESSAGE));
  });

  return router;
}
