import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '@tca/contracts';
import type { z } from 'zod';
import type { Logger } from './logger.js';

/** The one error type services throw on purpose: an HTTP status, a machine code and a message for people. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  constructor(fields: Record<string, string>, message = 'Some fields are not valid.') {
    super(400, 'validation_failed', message, fields);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message = 'You need to log in first.', code = 'unauthorized') {
    super(401, code, message);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.', code = 'service_unavailable') {
    super(503, code, message);
  }
}

/** Turns zod issues into per-field messages (first message wins); issues about the whole value go in `root`. */
export function fieldsFromZod(error: z.ZodError): { fields: Record<string, string>; root: string[] } {
  const fields: Record<string, string> = {};
  const root: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length > 0 ? `${issue.path.map(String).join('.')}.` : '';
      for (const key of issue.keys) fields[`${prefix}${key}`] ??= 'Unknown field.';
      continue;
    }
    if (issue.path.length === 0) {
      root.push(issue.message);
      continue;
    }
    fields[issue.path.map(String).join('.')] ??= issue.message;
  }
  return { fields, root };
}

/**
 * Validates a request body with its schema (the one the page uses, from @tca/contracts). A body that is
 * not a JSON object is a 400 saying so; otherwise a 400 `validation_failed` names each bad field in
 * `fields`, and its message lists every problem for a banner or toast ("Name is required. Invalid email format.").
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({}, 'The request body must be a JSON object (Content-Type: application/json).');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { fields, root } = fieldsFromZod(result.error);
  const problems = [...new Set([...root, ...Object.values(fields)])].map((text) => (/[.!?]$/.test(text) ? text : `${text}.`));
  throw new ValidationError(fields, problems.join(' ') || 'Some fields are not valid.');
}

/** A query string checked with a contracts schema: 400 `validation_failed` with the field messages otherwise. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const { fields, root } = fieldsFromZod(result.error);
  throw new ValidationError(fields, [...root, ...Object.values(fields)].join(' ') || 'The query is not valid.');
}

/** Errors raised by body-parser/http-errors carry `type`, `status` and `expose`. */
interface HttpLibraryError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** Node socket errors that mean the database (or another service we call) cannot be reached right now. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs of a server going away or not yet back: admin_shutdown, crash_shutdown, cannot_connect_now. */
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres and its pool throw, without a code, when a connection is lost or cannot be made in time. */
const POSTGRES_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/**
 * Whether `err` (or an error in its `cause` chain) says a dependency is unreachable for the moment rather
 * than that the request or the code is wrong: a refused or reset socket, PostgreSQL shutting down or
 * starting up (57P01-57P03), a connection exception (SQLSTATE class 08), a connection lost mid-query.
 */
export function isDependencyUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || POSTGRES_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && POSTGRES_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) when a dependency is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function toApiError(err: unknown): { status: number; body: ApiError } | undefined {
  if (err instanceof AppError) {
    const body: ApiError = { error: err.code, message: err.message };
    if (err.fields && Object.keys(err.fields).length > 0) body.fields = err.fields;
    return { status: err.status, body };
  }
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as HttpLibraryError;
  if (e.type === 'entity.parse.failed') {
    return { status: 400, body: { error: 'invalid_json', message: 'The request body is not valid JSON.' } };
  }
  if (e.type === 'entity.too.large') {
    return { status: 413, body: { error: 'payload_too_large', message: 'The request body is too large.' } };
  }
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  // Express's router answers a path parameter with broken %-encoding with a URIError of status 400.
  if (err instanceof URIError && status === 400) {
    return { status: 400, body: { error: 'bad_request', message: 'The request path is not valid URL encoding.' } };
  }
  // Other client errors from Express's own libraries (unsupported charset, aborted request...) are safe to show.
  if (status !== undefined && status >= 400 && status < 500 && e.expose === true && typeof e.message === 'string') {
    const code = typeof e.type === 'string' ? e.type.replace(/\W+/g, '_') : 'bad_request';
    return { status, body: { error: code, message: e.message } };
  }
  return undefined;
}

/**
 * The one error middleware: AppErrors and client errors as `{ error, message, fields? }`; a dependency that is
 * unavailable for the moment (isDependencyUnavailable: Postgres restarting...) as 503 service_unavailable with
 * Retry-After; anything else as a logged 500.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a JSON answer: Express's default handler closes the connection.
      next(err);
      return;
    }
    // pino-http's request logger already carries the request (with its id); without it, add the id ourselves.
    const log = (message: string) => (req.log ? req.log.error({ err }, message) : logger.error({ err, reqId: req.id }, message));
    const known = toApiError(err);
    // What the service meant to answer (an AppError, a client error) stands; anything else is checked for an outage.
    if (!known && isDependencyUnavailable(err)) {
      // Postgres restarting, a connection lost: the request may succeed in a moment. Logged, but not as a bug.
      (req.log ?? logger).warn({ err, reqId: req.id }, 'dependency unavailable');
      const body: ApiError = { error: 'service_unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' };
      res.status(503).set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).json(body);
      return;
    }
    if (known) {
      if (known.status >= 500) log(known.body.message);
      res.status(known.status).json(known.body);
      return;
    }
    log('unhandled error');
    const body: ApiError = { error: 'internal_error', message: 'Something went wrong on our side. Please try again later.' };
    res.status(500).json(body);
  };
}

/** JSON 404 for every path no router answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  const body: ApiError = { error: 'not_found', message: `No route for ${req.method} ${req.path}.` };
  res.status(404).json(body);
};
