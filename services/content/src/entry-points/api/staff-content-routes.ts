import { Router, type Request, type Response } from 'express';
import {
  AUDIT_PAGE_DEFAULT,
  CONTENT_KEY_PATTERN,
  contentAuditQuerySchema,
  COVER_FIELD,
  COVER_MISSING_MESSAGE,
  COVER_SAVED_MESSAGE,
  COVER_UNREADABLE_MESSAGE,
  createPostRequestSchema,
  POST_CREATED_MESSAGE,
  POST_DELETED_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  POST_SAVED_MESSAGE,
  POST_STALE_MESSAGE,
  postVersionQuerySchema,
  previewRequestSchema,
  STAFF_CONTENT_API_PREFIX,
  updatePostRequestSchema,
  type ContentAuditPageAnswer,
  type DeletePostAnswer,
  type PreviewAnswer,
  type StaffPostAnswer,
  type StaffPostListAnswer,
  type StalePostAnswer,
} from '@tca/contracts';
import { actorOf, AppError, createStaffGuard, NotFoundError, parseBody, type Pool } from '@tca/service-kit';
import { renderMarkdown } from '../../domain/catalog/post-markdown.js';
import { contentAuditPage, PostNotFoundError, StalePostError, UnreadableImageError, type StaffPosts } from '../../domain/staff-posts/staff-posts.js';
import type { ContentDeps } from './api-deps.js';
import { parseQuery, pictureName, receivePicture } from './staff-http.js';

const PREFIX = STAFF_CONTENT_API_PREFIX.replace(/\/$/, '');

function keyOf(req: Request): string {
  const key = String(req.params.key ?? '');
  if (!CONTENT_KEY_PATTERN.test(key)) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  return key;
}

/** Runs a change; a missing post is 404, a stale version 409 with the current post. */
async function answerChange(res: Response, change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (err) {
    if (err instanceof PostNotFoundError) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    if (err instanceof UnreadableImageError) throw new AppError(400, 'unreadable_image', COVER_UNREADABLE_MESSAGE, { [COVER_FIELD]: COVER_UNREADABLE_MESSAGE });
    if (err instanceof StalePostError) {
      const body: StalePostAnswer = { error: 'stale', message: POST_STALE_MESSAGE, current: err.current, changed: err.changed };
      res.status(409).json(body);
      return;
    }
    throw err;
  }
}

/**
 * The staff API for blog posts (issue 14) under /staff-api/content/: editor or owner, second factor done;
 * the audit list for owners. Every answer is `Cache-Control: no-store`.
 */
export function createStaffContentRouter(deps: ContentDeps, posts: StaffPosts, pool: Pool): Router {
  const router = Router();
  const staff = createStaffGuard({ identityUrl: deps.config.IDENTITY_URL, timeoutMs: deps.config.IDENTITY_TIMEOUT_MS });
  const editor = staff(['editor']);
  const owner = staff(['owner']);
  router.use(PREFIX, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(`${PREFIX}/posts`, editor, async (_req, res) => {
    const answer: StaffPostListAnswer = { posts: await posts.list() };
    res.json(answer);
  });

  router.get(`${PREFIX}/posts/:key`, editor, async (req, res) => {
    const post = await posts.get(keyOf(req));
    if (!post) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    const answer: StaffPostAnswer = { post };
    res.json(answer);
  });

  router.post(`${PREFIX}/posts`, editor, async (req, res) => {
    const input = parseBody(createPostRequestSchema, req.body);
    const post = await posts.create(input, actorOf(req));
    const answer: StaffPostAnswer = { post, message: POST_CREATED_MESSAGE };
    res.status(201).json(answer);
  });

  router.put(`${PREFIX}/posts/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version, ...fields } = parseBody(updatePostRequestSchema, req.body);
    await answerChange(res, async () => {
      const post = await posts.update(key, version, fields, actorOf(req));
      const answer: StaffPostAnswer = { post, message: POST_SAVED_MESSAGE };
      res.json(answer);
    });
  });

  router.delete(`${PREFIX}/posts/:key`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(postVersionQuerySchema, req.query);
    await answerChange(res, async () => {
      await posts.remove(key, version, actorOf(req));
      const answer: DeletePostAnswer = { message: POST_DELETED_MESSAGE, key };
      res.json(answer);
    });
  });

  router.put(`${PREFIX}/posts/:key/cover`, editor, async (req, res) => {
    const key = keyOf(req);
    const { version } = parseQuery(postVersionQuerySchema, req.query);
    const file = await receivePicture(req, res, COVER_FIELD, COVER_MISSING_MESSAGE);
    const name = pictureName(file, COVER_FIELD);
    await answerChange(res, async () => {
      const post = await posts.setCover(key, version, { fileName: name, bytes: file.buffer }, actorOf(req));
      const answer: StaffPostAnswer = { post, message: COVER_SAVED_MESSAGE };
      res.json(answer);
    });
  });

  router.post(`${PREFIX}/preview`, editor, (req, res) => {
    const { body } = parseBody(previewRequestSchema, req.body);
    const answer: PreviewAnswer = { html: renderMarkdown(body) };
    res.json(answer);
  });

  router.get(`${PREFIX}/audit`, owner, async (req, res) => {
    const query = parseQuery(contentAuditQuerySchema, req.query);
    const answer: ContentAuditPageAnswer = await contentAuditPage(pool, { ...query, limit: query.limit ?? AUDIT_PAGE_DEFAULT });
    res.json(answer);
  });

  return router;
}
