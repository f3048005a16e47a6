import { Router, type Request, type Response } from 'express';
import {
  CONTENT_KEY_PATTERN,
  COVER_UNREADABLE_MESSAGE,
  createSponsorRequestSchema,
  createTeamMemberRequestSchema,
  itemVersionQuerySchema,
  orderRequestSchema,
  SPONSOR_LOGO_FIELD,
  SPONSOR_MESSAGES,
  STAFF_CONTENT_API_PREFIX,
  TEAM_MESSAGES,
  TEAM_PHOTO_FIELD,
  updateSponsorRequestSchema,
  updateTeamMemberRequestSchema,
  type DeleteItemAnswer,
  type OrderedItemMessages,
} from '@tca/contracts';
import { actorOf, AppError, createStaffGuard, NotFoundError, parseBody } from '@tca/service-kit';
import type { z } from 'zod';
import { UnreadableImageError, type Actor } from '../../domain/staff-posts/staff-posts.js';
import { ItemNotFoundError, StaleItemError, StaleOrderError } from '../../domain/staff-team/ordered-items.js';
import { staffSponsors, staffTeam } from '../../domain/staff-team/team-and-sponsors.js';
import type { ContentDeps } from './api-deps.js';
import { parseQuery, pictureName, receivePicture } from './staff-http.js';

const PREFIX = STAFF_CONTENT_API_PREFIX.replace(/\/$/, '');

/** What the routes need of a list (OrderedList in the domain). */
interface EditableList<F, I> {
  list(): Promise<I[]>;
  get(key: string): Promise<I | undefined>;
  create(fields: F, actor: Actor): Promise<I>;
  update(key: string, version: number, fields: F, actor: Actor): Promise<I>;
  remove(key: string, version: number, actor: Actor): Promise<void>;
  reorder(keys: readonly string[], actor: Actor): Promise<I[]>;
  setPicture(key: string, version: number, upload: { fileName: string; bytes: Buffer }, actor: Actor): Promise<I>;
}

/** One list's routes: where, its schemas, its messages and the names of its answers' fields. */
interface ListRoutes<F, I> {
  /** `team` / `sponsors`: the path under /staff-api/content/. */
  path: string;
  /** The multipart field and the last path segment of the picture upload (`photo` / `logo`). */
  pictureField: string;
  createSchema: z.ZodType<F>;
  updateSchema: z.ZodType<F & { version: number }>;
  messages: OrderedItemMessages;
  /** The answers' field for one item (`member` / `sponsor`) and for the list (`members` / `sponsors`). */
  one: string;
  many: string;
  items: EditableList<F, I>;
}

/** Runs a change; a missing item is 404, a stale version or order 409 with the item or the list as it is now. */
async function answerChange<F, I>(res: Response, routes: ListRoutes<F, I>, change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (err) {
    if (err instanceof ItemNotFoundError) throw new NotFoundError(routes.messages.notFound);
    if (err instanceof UnreadableImageError) throw new AppError(400, 'unreadable_image', COVER_UNREADABLE_MESSAGE, { [routes.pictureField]: COVER_UNREADABLE_MESSAGE });
    if (err instanceof StaleItemError) {
      res.status(409).json({ error: 'stale', message: routes.messages.stale, current: err.current, changed: err.changed });
      return;
    }
    if (err instanceof StaleOrderError) {
      res.status(409).json({ error: 'stale', message: routes.messages.orderStale, [routes.many]: err.current });
      return;
    }
    throw err;
  }
}

function addListRoutes<F, I>(router: Router, editor: ReturnType<ReturnType<typeof createStaffGuard>>, routes: ListRoutes<F, I>): void {
  const base = `${PREFIX}/${routes.path}`;
  const { items, messages } = routes;
  const keyOf = (req: Request): string => {
    const key = String(req.params.key ?? '');
    if (!CONTENT_KEY_PATTERN.test(key)) throw new NotFoundError(messages.notFound);
    return key;
  };

  router.get(base, editor, async (_req, res) => {
    res.json({ [routes.many]: await items.list() });
  });

  // Before /:key, so `order` is not taken for a key.
  router.put(`${base}/order`, editor, async (req, res) => {
    const { keys } = parseBody(orderRequestSchema, req.body);
    await answerChange(res, routes, async () => {
      res.json({ [routes.many]: await items.reorder(keys, actorOf(req)), message: messages.ordered });
    });
  });

  router.get(`${base}/:key`, editor, async (req, res) => {
    const item = await items.get(keyOf(req));
    if (!item) throw new NotFoundError(messages.notFound);
    res.json({ [routes.one]: item });
  });

  router.post(base, editor, async (req, res) => {
    const fields = parseBody(routes.createSchema, req.body);
    res.status(201).json({ [routes.one]: await items.create(fields, actorOf(req)), message: messages.created });
  });

  router.put(`${base}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version, ...fields } = parseBody(routes.updateSchema, req.body);
    await answerChange(res, routes, async () => {
      res.json({ [routes.one]: await items.update(key, version, fields as F, actorOf(req)), message: messages.saved });
    });
  });

  router.delete(`${base}/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(itemVersionQuerySchema, req.query);
    await answerChange(res, routes, async () => {
      await items.remove(key, version, actorOf(req));
      const answer: DeleteItemAnswer = { message: messages.deleted, key };
      res.json(answer);
    });
  });

  router.put(`${base}/:key/${routes.pictureField}`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(itemVersionQuerySchema, req.query);
    const missing = `Choose a picture to upload (field "${routes.pictureField}").`;
    const file = await receivePicture(req, res, routes.pictureField, missing);
    const name = pictureName(file, routes.pictureField);
    await answerChange(res, routes, async () => {
      res.json({ [routes.one]: await items.setPicture(key, version, { fileName: name, bytes: file.buffer }, actorOf(req)), message: messages.pictureSaved });
    });
  });
}

/**
 * The staff API for team members and sponsors (issue 14) under /staff-api/content/team and /sponsors: editor or
 * owner, second factor done. list, create (added last), update and delete (version: 409 stale), the picture
 * (multipart through the sharp pipeline) and PUT …/order (every key once: 409 with the list when items came or
 * went meanwhile). Every answer is `Cache-Control: no-store` (set for the whole prefix by the posts' router).
 */
export function createStaffTeamRouter(deps: ContentDeps): Router {
  const router = Router();
  const staff = createStaffGuard({ identityUrl: deps.config.IDENTITY_URL, timeoutMs: deps.config.IDENTITY_TIMEOUT_MS });
  const editor = staff(['editor']);
  addListRoutes(router, editor, {
    path: 'team',
    pictureField: TEAM_PHOTO_FIELD,
    createSchema: createTeamMemberRequestSchema,
    updateSchema: updateTeamMemberRequestSchema,
    messages: TEAM_MESSAGES,
    one: 'member',
    many: 'members',
    items: staffTeam(deps.pool),
  });
  addListRoutes(router, editor, {
    path: 'sponsors',
    pictureField: SPONSOR_LOGO_FIELD,
    createSchema: createSponsorRequestSchema,
    updateSchema: updateSponsorRequestSchema,
    messages: SPONSOR_MESSAGES,
    one: 'sponsor',
    many: 'sponsors',
    items: staffSponsors(deps.pool),
  });
  return router;
}
