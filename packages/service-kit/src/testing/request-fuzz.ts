/**
 * A seeded request fuzzer for JSON endpoints: from one or more valid sample bodies it generates requests that
 * mutate them field by field (wrong types, empty, huge, unicode edge cases, whitespace), drop and add fields,
 * nest deeply, repeat keys, send the wrong content type, invalid JSON, an empty body or one over the JSON
 * limit; sends them (keep-alive, a few at a time) and checks every answer: below 500, and every 4xx a JSON
 * body with a string `error` and `message`. The same seed gives the same requests, so a failure prints its
 * seed and request and replays with FUZZ_SEED=<seed>.
 */
import fc from 'fast-check';

type JsonObject = Record<string, unknown>;

export interface FuzzRequest {
  /** Which mutation made it, e.g. `field:name:unicode`, `content-type:text/plain`, `deep-nesting`. */
  kind: string;
  /** Content-Type to send; undefined sends none (the body goes as bytes, so fetch adds none either). */
  contentType?: string;
  /** The raw body text ('' for an empty body). */
  body: string;
}

export interface FuzzFailure {
  seed: number;
  /** Position of the request in the seeded sequence (0-based). */
  index: number;
  request: FuzzRequest;
  status: number | null;
  problem: string;
  /** The start of the answer's body, or the network error. */
  answer: string;
}

export interface FuzzReport {
  endpoint: string;
  seed: number;
  requests: number;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
  /** True when the time cap stopped the run before `count` requests. */
  timedOut: boolean;
  elapsedMs: number;
}

export interface FuzzGenerationOptions {
  seed: number;
  count: number;
  /** The service's JSON body limit in bytes (express.json's, 100 kB by default): `too-large` bodies exceed it. */
  bodyLimitBytes?: number;
}

export interface FuzzTarget {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** At least one body the endpoint accepts. */
  validBodies: readonly JsonObject[];
  /** Further headers on every request (e.g. a session cookie or a service token). */
  headers?: Record<string, string>;
}

export interface FuzzRunOptions extends FuzzGenerationOptions {
  /** Stops sending after this long (the report says timedOut). */
  timeCapMs: number;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
}

const DEFAULT_BODY_LIMIT = 100 * 1024;
const DEEP = 10_000;

/** Strings PostgreSQL, JSON, UTF-8 or a careless trim trip over. */
const UNICODE_EDGE_CASES = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00x',
  'x\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0308\u0327',
  '\u200B\u200C\u200D\uFEFF',
  'தமிழ் மொழி வாழ்க',
  'ஸ்ரீ க்ஷ',
  '\u0007\u001B[31m\b',
  '\r\n\r\n',
  '\uFFFF\uFFFE',
  '\u{10FFFF}',
  '%00%0d%0a',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
];
const WHITESPACE_ONLY = [' ', '   ', '\t', '\n\n', '\u00A0', '\u2003\u2009', '\u3000', '\u200B', ' \t\r\n '];
const HUGE_SIZES = [1_000, 10_000, 60_000, 100_000];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'admin', 'role', 'createdAt', '', ' ', '\u0000'];

/** JSON text of `value` nested `depth` levels deep in arrays, built as text (no recursion). */
function nestedArrays(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

function nestedObjects(depth: number): string {
  return `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
}

/** JSON text of an object from [key, raw JSON value text] pairs; keys may repeat (duplicate-key tests). */
function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

function entriesOf(body: JsonObject): [string, string][] {
  return Object.entries(body).map(([key, value]) => [key, JSON.stringify(value)]);
}

/** A replacement for one field's value, as raw JSON text. */
function fieldValueArbitrary(original: unknown): fc.Arbitrary<{ label: string; json: string }> {
  const text = typeof original === 'string' ? original : JSON.stringify(original) ?? '';
  const as = (label: string) => (value: unknown) => ({ label, json: JSON.stringify(value) ?? 'null' });
  return fc.oneof(
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2)).map(as('number')),
    fc.boolean().map(as('boolean')),
    fc.constant({ label: 'null', json: 'null' }),
    fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }).map(as('array')),
    fc.oneof(fc.constant([text]), fc.constant({ value: text }), fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })).map(as('object')),
    fc.constant({ label: 'empty', json: '""' }),
    fc.constantFrom(...HUGE_SIZES).map((size) => ({ label: `huge-${size}`, json: JSON.stringify('x'.repeat(size)) })),
    fc
      .tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom('replace', 'prefix', 'middle', 'suffix'))
      .map(([edge, where]) => {
        const middle = Math.floor(text.length / 2);
        const value = where === 'replace' ? edge : where === 'prefix' ? edge + text : where === 'suffix' ? text + edge : text.slice(0, middle) + edge + text.slice(middle);
        return { label: 'unicode', json: JSON.stringify(value) };
      }),
    fc.string({ unit: 'binary', maxLength: 40 }).map(as('random-unicode')),
    fc.constantFrom(...WHITESPACE_ONLY).map(as('whitespace')),
    fc.constantFrom(...WHITESPACE_ONLY).map((space) => ({ label: 'padded', json: JSON.stringify(`${space}${text}${space}`) })),
    fc.constant({ label: 'deep', json: nestedArrays(DEEP) }),
  );
}

function requestArbitrary(validBodies: readonly JsonObject[], bodyLimitBytes: number): fc.Arbitrary<FuzzRequest> {
  const JSON_TYPE = 'application/json';
  const base = fc.constantFrom(...validBodies);
  const json = (kind: string, body: string): FuzzRequest => ({ kind, contentType: JSON_TYPE, body });

  const fieldReplaced = base.chain((body) => {
    const keys = Object.keys(body);
    return fc.constantFrom(...keys).chain((key) =>
      fieldValueArbitrary(body[key]).map(({ label, json: value }) => json(`field:${key}:${label}`, objectText(entriesOf(body).map(([k, v]) => [k, k === key ? value : v])))),
    );
  });
  const fieldsMissing = base.chain((body) =>
    fc.subarray(Object.keys(body), { minLength: 1 }).map((gone) => json(`missing:${gone.join('+')}`, objectText(entriesOf(body).filter(([k]) => !gone.includes(k))))),
  );
  const fieldExtra = fc
    .tuple(base, fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), fc.jsonValue({ maxDepth: 2 }))
    .map(([body, key, value]) => json('extra-field', objectText([...entriesOf(body), [key, JSON.stringify(value)]])));
  const deepNesting = fc.oneof(
    fc.constant(json('deep-nesting:arrays', nestedArrays(DEEP))),
    fc.constant(json('deep-nesting:objects', nestedObjects(DEEP))),
    base.map((body) => json('deep-nesting:in-body', objectText([...entriesOf(body), ['nested', nestedArrays(DEEP)]]))),
  );
  const duplicateKeys = base.chain((body) =>
    fc
      .constantFrom(...Object.keys(body))
      .chain((key) => fc.tuple(fc.constant(key), fieldValueArbitrary(body[key]), fc.boolean()))
      .map(([key, { json: other }, badFirst]) => {
        const own = JSON.stringify(body[key]);
        const [first, second] = badFirst ? [other, own] : [own, other];
        const entries = entriesOf(body).map(([k, v]): [string, string] => [k, k === key ? first : v]);
        return json(`duplicate-key:${key}`, objectText([...entries, [key, second]]));
      }),
  );
  const wrongContentType = base.chain((body) => {
    const text = JSON.stringify(body);
    const form = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\nContent-Type: application/json\r\n\r\n${text}\r\n--${boundary}--\r\n`;
    return fc.constantFrom<FuzzRequest>(
      { kind: 'content-type:text/plain', contentType: 'text/plain', body: text },
      { kind: 'content-type:form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: form },
      { kind: 'content-type:multipart', contentType: `multipart/form-data; boundary=${boundary}`, body: multipart },
      { kind: 'content-type:none', body: text },
      { kind: 'content-type:json-utf16', contentType: 'application/json; charset=utf-16', body: text },
      { kind: 'content-type:json-latin1', contentType: 'application/json; charset=latin1', body: text },
      { kind: 'content-type:xml', contentType: 'application/xml', body: `<body>${text}</body>` },
      { kind: 'content-type:garbage', contentType: ';;;/==', body: text },
    );
  });
  const invalidJson = base.chain((body) => {
    const text = JSON.stringify(body);
    return fc.oneof(
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((cut) => json('invalid-json:truncated', text.slice(0, cut))),
      fc.constantFrom(
        json('invalid-json:trailing-comma', `${text.slice(0, -1)},}`),
        json('invalid-json:single-quotes', text.replaceAll('"', "'")),
        json('invalid-json:nan', `${text.slice(0, -1)},"n":NaN}`),
        json('invalid-json:comment', `/* hi */${text}`),
        json('invalid-json:two-documents', `${text}${text}`),
        json('invalid-json:bom', `\uFEFF${text}`),
        json('invalid-json:bad-escape', `${text.slice(0, -1)},"s":"\\x41\\u12"}`),
      ),
      fc.string({ unit: 'binary', maxLength: 60 }).map((s) => json('invalid-json:random', s)),
    );
  });
  const notAnObject = fc
    .constantFrom('[]', '[{}]', '"text"', '0', '-1.5e999', 'null', 'true', '{}')
    .chain((body) => base.map((valid) => (body === '[{}]' ? JSON.stringify([valid]) : body)))
    .map((body) => json('not-an-object', body));
  const emptyBody = fc.constant(json('empty-body', ''));
  const tooLarge = base.map((body) => json('too-large', objectText([...entriesOf(body), ['padding', JSON.stringify('p'.repeat(bodyLimitBytes + 1024))]])));

  return fc.oneof(
    { arbitrary: fieldReplaced, weight: 12 },
    { arbitrary: fieldsMissing, weight: 2 },
    { arbitrary: fieldExtra, weight: 2 },
    { arbitrary: deepNesting, weight: 1 },
    { arbitrary: duplicateKeys, weight: 2 },
    { arbitrary: wrongContentType, weight: 2 },
    { arbitrary: invalidJson, weight: 2 },
    { arbitrary: notAnObject, weight: 1 },
    { arbitrary: emptyBody, weight: 1 },
    { arbitrary: tooLarge, weight: 1 },
    { arbitrary: base.map((body) => json('valid', JSON.stringify(body))), weight: 1 },
  );
}

/** The `count` requests of `seed`, always the same ones. */
export function generateFuzzRequests(validBodies: readonly JsonObject[], options: FuzzGenerationOptions): FuzzRequest[] {
  if (validBodies.length === 0) throw new Error('generateFuzzRequests needs at least one valid body');
  return fc.sample(requestArbitrary(validBodies, options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT), { seed: options.seed, numRuns: options.count });
}

/** What is wrong with an answer, or null: a 5xx, or a 4xx without a JSON `error` and `message`. */
export function answerProblem(status: number, contentType: string | null, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.includes('application/json')) return `${status} without a JSON body (Content-Type: ${contentType ?? 'none'})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON`;
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || typeof message !== 'string') return `${status} without a string "error" and "message"`;
  return null;
}

/** A request as a one-line, readable, replayable string (long bodies shortened). */
export function describeFuzzRequest(request: FuzzRequest, limit = 400): string {
  const shown = request.body.length > limit ? `${request.body.slice(0, limit)}… (${request.body.length} characters)` : request.body;
  return `[${request.kind}] Content-Type: ${request.contentType ?? '(none)'} body: ${JSON.stringify(shown)}`;
}

/** Sends the seeded requests to the target and checks every answer. */
export async function fuzzEndpoint(target: FuzzTarget, options: FuzzRunOptions): Promise<FuzzReport> {
  const method = target.method ?? 'POST';
  const endpoint = `${method} ${target.path}`;
  const requests = generateFuzzRequests(target.validBodies, options);
  const byStatus: Record<number, number> = {};
  const failures: FuzzFailure[] = [];
  const started = Date.now();
  let next = 0;
  let sent = 0;
  let timedOut = false;

  const sendOne = async (index: number, request: FuzzRequest) => {
    const headers: Record<string, string> = { ...target.headers };
    if (request.contentType !== undefined) headers['Content-Type'] = request.contentType;
    const fail = (status: number | null, problem: string, answer: string) =>
      failures.push({ seed: options.seed, index, request, status, problem, answer: answer.slice(0, 500) });
    try {
      const res = await fetch(`${target.baseUrl}${target.path}`, {
        method,
        headers,
        // Bytes, not a string, when there is no content type: fetch would otherwise add text/plain.
        body: request.contentType === undefined ? new TextEncoder().encode(request.body) : request.body,
        signal: AbortSignal.timeout(Math.max(1000, options.timeCapMs)),
      });
      const text = await res.text();
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      const problem = answerProblem(res.status, res.headers.get('content-type'), text);
      if (problem) fail(res.status, problem, text);
    } catch (error) {
      fail(null, 'no answer', error instanceof Error ? `${error.name}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error));
    }
  };

  const worker = async () => {
    while (next < requests.length) {
      if (Date.now() - started > options.timeCapMs) {
        timedOut = true;
        return;
      }
      const index = next++;
      const request = requests[index];
      if (!request) return;
      sent += 1;
      await sendOne(index, request);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { endpoint, seed: options.seed, requests: sent, byStatus, failures, timedOut, elapsedMs: Date.now() - started };
}

/** "POST /email/send 1000 requests: 201×12 400×960 413×20 415×8 (seed 42, 8.1 s)" */
export function formatFuzzReport(report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const extra = [report.failures.length > 0 ? `${report.failures.length} FAILED` : '', report.timedOut ? 'stopped by the time cap' : ''].filter(Boolean).join(', ');
  return `${report.endpoint} ${report.requests} requests: ${statuses} (seed ${report.seed}, ${(report.elapsedMs / 1000).toFixed(1)} s${extra ? `, ${extra}` : ''})`;
}

/** Every failure with its seed and request, for an assertion message. */
export function formatFuzzFailures(report: FuzzReport, shown = 10): string {
  const lines = report.failures
    .slice(0, shown)
    .map((f) => `#${f.index} ${f.problem}: ${describeFuzzRequest(f.request)} → ${f.status ?? 'no answer'} ${JSON.stringify(f.answer)}`);
  const more = report.failures.length > shown ? [`… and ${report.failures.length - shown} more`] : [];
  return [`${report.endpoint}: ${report.failures.length} failing requests (replay with FUZZ_SEED=${report.seed})`, ...lines, ...more].join('\n');
}

/** The seed of a run: FUZZ_SEED when set (to replay a failure), else the fixed default. */
export function fuzzSeed(fallback: number): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return process.env.FUZZ_SEED && Number.isInteger(fromEnv) ? fromEnv : fallback;
}
