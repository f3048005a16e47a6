/**
 * What must never reach a log line, in one place: the credential headers (their whole value is replaced)
 * and the secrets some site paths carry (only that part of the URL is replaced, so the line still says
 * which page was asked for). createLogger applies both to every logger; the gateway's access log, which
 * writes URLs itself, uses redactUrlSecrets.
 */

export const REDACTED = '[redacted]';

/** Header values that must never reach the logs, in both request and response serialisations. */
export const REDACTED_HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  // The shared secret of service-to-service calls (SERVICE_TOKEN_HEADER in @tca/contracts).
  'req.headers["x-service-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-service-token"]',
] as const;

/** Logged URLs whose secret parts redactUrlSecrets replaces: the request line and the page it came from. */
export const REDACTED_URL_PATHS = ['req.url', 'req.headers.referer'] as const;

/**
 * Path segments that are secrets: the password-reset link (spec §2.3 /reset-password/(token)) is a
 * single-use credential for the account. Case and a percent-encoded hyphen do not hide it.
 */
const SECRET_PATH_SEGMENT = /(\/reset(?:-|%2d)password\/)[^/?#]+/gi;
/** Query parameters that are secrets, whatever the path. */
const SECRET_QUERY_PARAMETER = /([?&](?:token|access_token|reset_token)=)[^&#]*/gi;

/**
 * The URL (a path with its query, or a full URL) with the secrets it carries replaced by [redacted]:
 * `/reset-password/abc?x=1` → `/reset-password/[redacted]?x=1`. Anything else is returned unchanged.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`).replace(SECRET_QUERY_PARAMETER, `$1${REDACTED}`);
}

/**
 * pino's `redact.censor`: a URL keeps everything but its secrets, any other redacted path (a credential
 * header) is replaced whole.
 */
export function censorLogValue(value: unknown, path: string[]): unknown {
  const last = path[path.length - 1];
  if ((last === 'url' || last === 'referer') && typeof value === 'string') return redactUrlSecrets(value);
  return REDACTED;
}
