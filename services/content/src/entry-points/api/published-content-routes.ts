import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { AppError, isSiteLang, NotFoundError, type SiteLang } from '@tca/service-kit';
import type { CachedBody, ContentCatalog } from '../../domain/catalog/content-catalog.js';
import { representationFor, type ContentCoding } from '../../domain/catalog/content-coding.js';
import type { ListName } from '../../domain/catalog/content-lists.js';
import { KEY_RE } from '../../domain/content-import/content-folder.js';
import { VARIANT_FILE_RE } from '../../domain/image-variants.js';
import type { ContentDeps } from './api-deps.js';

/** Lists and calendars are revalidated on every use (ETag → 304), so an import shows at once. */
const REVALIDATE = 'no-cache';
/** Upload names carry a hash of their bytes: a name never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** If-None-Match (a list, `*`, weak or strong) matches `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * A calendar's language: `?lang=ta` for the Tamil site's links, else English. Only the address counts (a
 * calendar app subscribes once, and its own Accept-Language says nothing about the page the link was on).
 */
function calendarLang(req: Request): SiteLang {
  const asked = req.query.lang;
  if (asked === undefined) return 'en';
  if (isSiteLang(asked)) return asked;
  throw new AppError(400, 'invalid_language', 'The calendar language (lang) must be en or ta.');
}

/** `contentEncoding`: the coding of `entry.body`, sent on the 200 only (a 304 carries no representation metadata). */
function send(req: Request, res: Response, entry: CachedBody, cacheControl: string, extra?: Record<string, string>, contentEncoding?: ContentCoding): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', cacheControl);
  if (extra) for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', entry.contentType);
  if (contentEncoding) res.setHeader('Content-Encoding', contentEncoding);
  res.setHeader('Content-Length', entry.body.length);
  res.statusCode = 200;
  res.end(entry.body);
}

/** GET /blog/get, /blog/latest, /gallery/get, /teammanagement/get, /events/get, /sponsorship/get, /uploads/:file, calendars. */
export function createReadRouter(_deps: ContentDeps, catalog: ContentCatalog): Router {
  const router = Router();
  const list =
    (name: ListName): RequestHandler =>
    async (req, res) => {
      // On every answer of these paths, before anything can fail: what is sent depends on Accept-Encoding.
      res.vary('Accept-Encoding');
      const entry = await catalog.list(name);
      // If-None-Match is compared with the ETag of the encoding chosen for this request (RFC 9110 §13.1.2).
      const chosen = representationFor(entry, entry.encoded, req.headers['accept-encoding']);
      send(req, res, { body: chosen.body, etag: chosen.etag, contentType: entry.contentType }, REVALIDATE, undefined, chosen.contentEncoding);
    };
  router.get('/blog/get', list('blog'));
  router.get('/blog/latest', list('latest'));
  router.get('/gallery/get', list('gallery'));
  router.get('/teammanagement/get', list('team'));
  router.get('/events/get', list('events'));
  router.get('/sponsorship/get', list('sponsors'));

  router.get('/events/calendar.ics', async (req, res) => {
    send(req, res, await catalog.calendarFeed(calendarLang(req)), REVALIDATE, { 'Content-Disposition': 'inline; filename="events.ics"' });
  });
  router.get('/events/:file', async (req, res, next) => {
    const file = req.params.file;
    if (!file.endsWith('.ics')) {
      next();
      return;
    }
    const id = file.slice(0, -'.ics'.length);
    const lang = calendarLang(req);
    const entry = KEY_RE.test(id) ? await catalog.eventCalendar(id, lang) : undefined;
    if (!entry) throw new NotFoundError(`No event with the id "${id}".`, 'event_not_found');
    send(req, res, entry, REVALIDATE, { 'Content-Disposition': `attachment; filename="${id}.ics"` });
  });

  router.get('/uploads/:file', async (req, res) => {
    const file = req.params.file;
    if (!VARIANT_FILE_RE.test(file)) {
      // Stored names are plain: anything with a path, dots or other characters is not one of ours.
      if (/[/\\\0]|\.\./.test(file)) throw new AppError(400, 'invalid_file_name', 'The file name is not valid.');
      throw new NotFoundError('No such file.', 'file_not_found');
    }
    const upload = await catalog.upload(file);
    if (!upload) throw new NotFoundError('No such file.', 'file_not_found');
    send(req, res, { body: upload.bytes, etag: upload.etag, contentType: upload.contentType }, IMMUTABLE, { 'X-Content-Type-Options': 'nosniff' });
  });
  // A path parameter with broken %-encoding fails while the router decodes it: that is the client's error.
  const badEncoding: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
    next(err instanceof URIError ? new AppError(400, 'invalid_path', 'The address is not validly encoded.') : err);
  };
  router.use(badEncoding);
  return router;
}
