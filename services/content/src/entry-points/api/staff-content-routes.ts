import { extname } from 'node:path';
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import {
  CONTENT_KEY_PATTERN,
  contentAuditQuerySchema,
  COVER_CONTENT_TYPES,
  COVER_FIELD,
  COVER_MAX_BYTES,
  COVER_MISSING_MESSAGE,
  COVER_NOT_AN_IMAGE_MESSAGE,
  COVER_SAVED_MESSAGE,
  COVER_TOO_BIG_MESSAGE,
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
import { AppError, NotFoundError, parseBody, ValidationError, fieldsFromZod, type Pool } from '@tca/service-kit';
import type { z } from 'zod';
import { renderMarkdown } from '../../domain/catalog/post-markdown.js';
import { SOURCE_TYPES } from '../../domain/image-variants.js';
import { contentAuditPage, PostNotFoundError, StalePostError, UnreadableImageError, type StaffPosts } from '../../domain/staff-posts/staff-posts.js';
import type { ContentDeps } from './api-deps.js';
import { actorOf, createStaffGuard } from './staff-auth.js';

const PREFIX = STAFF_CONTENT_API_PREFIX.replace(/\/$/, '');

/** One picture in the form field `cover`, held in memory. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  defParamCharset: 'utf8',
}).single(COVER_FIELD);

function receiveCover(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError(413, 'file_too_large', COVER_TOO_BIG_MESSAGE, { [COVER_FIELD]: COVER_TOO_BIG_MESSAGE }));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') return reject(new ValidationError({ [COVER_FIELD]: COVER_MISSING_MESSAGE }, COVER_MISSING_MESSAGE));
        return reject(new AppError(400, 'bad_upload', `The upload is not valid (${err.message}).`));
      }
      if (err) return reject(err instanceof Error && 'status' in err ? err : new AppError(400, 'bad_upload', 'The upload could not be read. Please try again.'));
      if (!req.file) return reject(new ValidationError({ [COVER_FIELD]: COVER_MISSING_MESSAGE }, COVER_MISSING_MESSAGE));
      resolve(req.file);
    });
  });
}

/** The name processImage reads the kind from: the file's own extension when supported, else one from its content type. */
function pictureName(file: Express.Multer.File): string | undefined {
  if (SOURCE_TYPES[extname(file.originalname).toLowerCase()]) return file.originalname;
  const byType = Object.entries(SOURCE_TYPES).find(([, type]) => type === file.mimetype);
  return byType ? `cover${byType[0]}` : undefined;
}

function keyOf(req: Request): string {
  const key = String(req.params.key ?? '');
  if (!CONTENT_KEY_PATTERN.test(key)) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  return key;
}

function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const { fields, root } = fieldsFromZod(result.error);
  throw new ValidationError(fields, [...root, ...Object.values(fields)].join(' ') || 'The query is not valid.');
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
    const file = await receiveCover(req, res);
    const name = pictureName(file);
    if (!name || !(COVER_CONTENT_TYPES as readonly string[]).includes(SOURCE_TYPES[extname(name).toLowerCase()] ?? '')) {
      throw new AppError(415, 'unsupported_media_type', COVER_NOT_AN_IMAGE_MESSAGE, { [COVER_FIELD]: COVER_NOT_AN_IMAGE_MESSAGE });
    }
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
    const answer: ContentAuditPageAnswer = await contentAuditPage(pool, { action: query.action, before: query.before, limit: query.limit ?? 50 });
    res.json(answer);
  });

  return router;
}
