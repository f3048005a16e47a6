import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/** The content codings the lists are sent in besides identity, in order of preference (br is smaller). */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** One encoding of an answer: its bytes and its own strong ETag. */
export interface EncodedBody {
  body: Buffer;
  etag: string;
}

export type EncodedBodies = Record<ContentCoding, EncodedBody>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The ETag of an encoding: the identity ETag with the coding inside the quotes (`"abc"` → `"abc-br"`). Each
 * encoding is its own representation (RFC 9110 §8.8.3), so a cache or a 304 never confuses one with another.
 */
export function encodedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** `body` in `coding`, at the strongest setting: it runs once per content revision, not per request. */
export async function encode(body: Buffer, etag: string, coding: ContentCoding): Promise<EncodedBody> {
  const bytes =
    coding === 'br'
      ? await brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION });
  return { body: bytes, etag: encodedEtag(etag, coding) };
}

/**
 * Every encoding of `body`, side by side on libuv's thread pool (the event loop keeps serving): about 45 ms
 * for the 31 KB blog list on a busy 2-CPU machine, nearly all of it brotli at quality 11.
 */
export async function encodeAll(body: Buffer, etag: string): Promise<EncodedBodies> {
  const [br, gzip] = await Promise.all([encode(body, etag, 'br'), encode(body, etag, 'gzip')]);
  return { br, gzip };
}

/** qvalue of RFC 9110 §12.4.2: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Which of `CONTENT_CODINGS` an Accept-Encoding value accepts (RFC 9110 §12.5.3): a coding named with a
 * weight above 0, or not named while `*` has one; `x-gzip` is gzip. No header, an empty one, or an element
 * with a malformed weight (ignored) accept none of them, and the answer is identity.
 */
export function acceptedCodings(header: string | undefined): Set<ContentCoding> {
  const accepted = new Set<ContentCoding>();
  if (header === undefined) return accepted;
  const weights = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawName = '', ...params] = element.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    let valid = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((part) => part.trim());
      if (key.toLowerCase() !== 'q') continue;
      if (QVALUE.test(value)) weight = Number(value);
      else valid = false;
    }
    if (!valid) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    // The same coding twice (gzip and x-gzip): the higher weight wins.
    weights.set(coding, Math.max(weight, weights.get(coding) ?? 0));
  }
  const any = weights.get('*');
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? any ?? 0;
    if (weight > 0) accepted.add(coding);
  }
  return accepted;
}

/** What is sent for one request: the bytes, their ETag, and the coding when not identity. */
export interface Representation {
  body: Buffer;
  etag: string;
  contentEncoding?: ContentCoding;
}

/**
 * The preferred accepted encoding of an answer (br, then gzip), when it is smaller than the identity bytes
 * (a tiny list is not); the identity bytes otherwise. Identity is sent even to `identity;q=0`: RFC 9110
 * §12.5.3 lets a server disregard Accept-Encoding rather than answer 406, and every client reads identity.
 */
export function representationFor(identity: EncodedBody, encoded: EncodedBodies | undefined, acceptEncoding: string | undefined): Representation {
  if (encoded) {
    const accepted = acceptedCodings(acceptEncoding);
    for (const coding of CONTENT_CODINGS) {
      const variant = encoded[coding];
      if (accepted.has(coding) && variant.body.length < identity.body.length) return { ...variant, contentEncoding: coding };
    }
  }
  return { body: identity.body, etag: identity.etag };
}
