import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  CONTENT_KEY_PATTERN,
  COVER_UNREADABLE_MESSAGE,
  createEventRequestSchema,
  EVENT_CANCELLED_MESSAGE,
  EVENT_CREATED_MESSAGE,
  EVENT_DELETED_MESSAGE,
  EVENT_IMAGE_ADDED_MESSAGE,
  EVENT_IMAGE_ALT_FIELD,
  EVENT_IMAGE_FIELD,
  EVENT_IMAGE_MISSING_MESSAGE,
  EVENT_IMAGE_UNKNOWN_MESSAGE,
  EVENT_IMAGES_FULL_MESSAGE,
  EVENT_IMAGES_MAX,
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_SAVED_MESSAGE,
  EVENT_STALE_MESSAGE,
  eventImageAltSchema,
  eventVersionQuerySchema,
  STAFF_CONTENT_API_PREFIX,
  updateEventRequestSchema,
  type DeleteEventAnswer,
  type StaffEventAnswer,
  type StaffEventListAnswer,
  type StaleEventAnswer,
} from '@tca/contracts';
import { actorOf, AppError, createStaffGuard, NotFoundError, parseBody, ValidationError } from '@tca/service-kit';
import { EventImagesFullError, EventNotFoundError, StaffEvents, StaleEventError, UnknownEventImageError } from '../../domain/staff-events/staff-events.js';
import { UnreadableImageError } from '../../domain/staff-posts/staff-posts.js';
import type { ContentDeps } from './api-deps.js';
import { parseQuery, pictureName, receivePicture } from './staff-http.js';

const EVENTS = `${STAFF_CONTENT_API_PREFIX.replace(/\/$/, '')}/events`;

/** The multipart text fields that may come with an event picture. */
const imageFieldsSchema = z.object({ [EVENT_IMAGE_ALT_FIELD]: eventImageAltSchema.optional() });

function keyOf(req: Request): string {
  const key = String(req.params.key ?? '');
  if (!CONTENT_KEY_PATTERN.test(key)) throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
  return key;
}

/** Runs a change; a missing event is 404, a stale version 409 with the current event, a bad picture 400. */
async function answerChange(res: Response, change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (err) {
    if (err instanceof EventNotFoundError) throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
    if (err instanceof UnknownEventImageError) throw new ValidationError({ [`images.${err.index}`]: EVENT_IMAGE_UNKNOWN_MESSAGE }, EVENT_IMAGE_UNKNOWN_MESSAGE);
    if (err instanceof EventImagesFullError) throw new ValidationError({ [EVENT_IMAGE_FIELD]: EVENT_IMAGES_FULL_MESSAGE }, EVENT_IMAGES_FULL_MESSAGE);
    if (err instanceof UnreadableImageError) throw new AppError(400, 'unreadable_image', COVER_UNREADABLE_MESSAGE, { [EVENT_IMAGE_FIELD]: COVER_UNREADABLE_MESSAGE });
    if (err instanceof StaleEventError) {
      const body: StaleEventAnswer = { error: 'stale', message: EVENT_STALE_MESSAGE, current: err.current, changed: err.changed };
      res.status(409).json(body);
      return;
    }
    throw err;
  }
}

/**
 * The staff API for events (issue 14) under /staff-api/content/events: editor or owner, second factor done;
 * every answer `Cache-Control: no-store` (set for the whole prefix by the posts router, and here again).
 */
export function createStaffEventsRouter(deps: ContentDeps): Router {
  const router = Router();
  const events = new StaffEvents(deps.pool);
  const editor = createStaffGuard({ identityUrl: deps.config.IDENTITY_URL, timeoutMs: deps.config.IDENTITY_TIMEOUT_MS })(['editor']);
  router.use(EVENTS, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(EVENTS, editor, async (_req, res) => {
    const answer: StaffEventListAnswer = { events: await events.list() };
    res.json(answer);
  });

  router.get(`${EVENTS}/:key`, editor, async (req, res) => {
    const event = await events.get(keyOf(req));
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
    const answer: StaffEventAnswer = { event };
    res.json(answer);
  });

  router.post(EVENTS, editor, async (req, res) => {
    const fields = parseBody(createEventRequestSchema, req.body);
    const answer: StaffEventAnswer = { event: await events.create(fields, actorOf(req)), message: EVENT_CREATED_MESSAGE };
    res.status(201).json(answer);
  });

  router.put(`${EVENTS}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version, ...update } = parseBody(updateEventRequestSchema, req.body);
    await answerChange(res, async () => {
      const event = await events.update(key, version, update, actorOf(req));
      const answer: StaffEventAnswer = { event, message: update.status === 'Cancelled' ? EVENT_CANCELLED_MESSAGE : EVENT_SAVED_MESSAGE };
      res.json(answer);
    });
  });

  router.delete(`${EVENTS}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(eventVersionQuerySchema, req.query);
    await answerChange(res, async () => {
      await events.remove(key, version, actorOf(req));
      const answer: DeleteEventAnswer = { message: EVENT_DELETED_MESSAGE, key };
      res.json(answer);
    });
  });

  router.post(`${EVENTS}/:key/images`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(eventVersionQuerySchema, req.query);
    const file = await receivePicture(req, res, EVENT_IMAGE_FIELD, EVENT_IMAGE_MISSING_MESSAGE);
    const fileName = pictureName(file, EVENT_IMAGE_FIELD);
    const { alt = '' } = parseQuery(imageFieldsSchema, { ...(req.body as Record<string, unknown> | undefined) });
    await answerChange(res, async () => {
      const event = await events.addImage(key, version, { fileName, bytes: file.buffer, alt }, EVENT_IMAGES_MAX, actorOf(req));
      const answer: StaffEventAnswer = { event, message: EVENT_IMAGE_ADDED_MESSAGE };
      res.status(201).json(answer);
    });
  });

  return router;
}
