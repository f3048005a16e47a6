import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { StripeApiError } from '../../domain/stripe-error.js';

/** Masks a key as Stripe does in its messages: sk_test_****wxyz. */
function masked(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}****${key.slice(-4)}`;
}

/** The API key of a request: `Authorization: Bearer <key>`, or Basic with the key as user name (curl -u sk_test_…:). */
export function apiKeyOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Requires the configured sk_test_ key; answers 401 in Stripe's shape otherwise. */
export function requireApiKey(secretKey: string): RequestHandler {
  return (req, _res, next) => {
    const key = apiKeyOf(req.headers.authorization);
    if (!key) {
      next(
        new StripeApiError(
          401,
          'invalid_request_error',
          'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').',
        ),
      );
      return;
    }
    if (!sameKey(key, secretKey)) {
      next(new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${masked(key)}`, 'api_key_invalid'));
      return;
    }
    next();
  };
}
