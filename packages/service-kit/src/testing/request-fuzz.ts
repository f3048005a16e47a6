/**
 * A seeded request fuzzer for JSON endpoints: from one or more valid sample bodies it generates requests that
 * mutate them field by field (wrong types, empty, huge, unicode edge cases, whitespace), drop and add fields,
 * nest deeply, repeat keys, send the wrong content type, invalid JSON, an empty body or one over the JSON
 * limit. From valid path and query parameter values (`/checkout-session/:id`, `?userId=&level=`) it mutates
 * the parameters: empty, huge, `..` and `%2e%2e%2f`, `%00`, unicode edge cases, broken %-encoding, numbers out
 * of range, repeated query keys, `a[]=` and `a[b]=`, missing and unknown keys. It sends them as written (no URL
 * normalisation; keep-alive, a few at a time) and checks every answer: below 500, and every 4xx a JSON body
 * with a string `error` and `message`. The same seed gives the same requests, so a failure prints its seed and
 * request and replays with FUZZ_SEED=<seed>.
 */
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';

type JsonObject = Record<string, unknown>;

export interface FuzzRequest {
  /** Which mutation made it, e.g. `field:name:unicode`, `content-type:text/plain`, `deep-nesting`. */
  kind: string;
  /** Content-Type to send; undefined sends none (the body goes as bytes, so fetch adds none either). */
  contentType?: string;
  /** The raw body text ('' for an empty body; a GET sends none). */
  body: string;
  /** The path and query as sent, %-encoding and all (parameter mutations); absent: the target's path. */
  path?: string;
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

/** Valid values of each parameter, as text (they are %-encoded when sent). */
export type FuzzParams = Readonly<Record<string, readonly string[]>>;

/** What the generator mutates: the bodies, the path parameters and the query parameters an endpoint accepts. */
export interface FuzzShape {
  /** The route, `:name` for a path parameter, e.g. `/checkout-session/:id/abandon`. */
  path: string;
  /** Bodies the endpoint accepts; a parameter request sends the first (or no body when there is none). */
  validBodies?: readonly JsonObject[];
  /** Valid values of each `:name` in `path`. */
  pathParams?: FuzzParams;
  /** Valid values of each query parameter. */
  query?: FuzzParams;
}

export interface FuzzTarget extends FuzzShape {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

type Placement = 'replace' | 'prefix' | 'middle' | 'suffix';
const PLACEMENTS: readonly Placement[] = ['replace', 'prefix', 'middle', 'suffix'];

/** `edge` instead of, before, inside or after `text`. */
function placed(text: string, edge: string, where: Placement): string {
  const middle = Math.floor(text.length / 2);
  return where === 'replace' ? edge : where === 'prefix' ? edge + text : where === 'suffix' ? text + edge : text.slice(0, middle) + edge + text.slice(middle);
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
    fc.tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'unicode', json: JSON.stringify(placed(text, edge, where)) })),
    fc.string({ unit: 'binary', maxLength: 40 }).map(as('random-unicode')),
    fc.constantFrom(...WHITESPACE_ONLY).map(as('whitespace')),
    fc.constantFrom(...WHITESPACE_ONLY).map((space) => ({ label: 'padded', json: JSON.stringify(`${space}${text}${space}`) })),
    fc.constant({ label: 'deep', json: nestedArrays(DEEP) }),
  );
}

function bodyRequestArbitrary(validBodies: readonly JsonObject[], bodyLimitBytes: number): fc.Arbitrary<FuzzRequest> {
  const JSON_TYPE = 'application/json';
  const base = fc.constantFrom(...validBodies);
  // The field families need a field: `{}` (e.g. an optional filter left out) is mutated by the others only.
  const bodiesWithFields = validBodies.filter((body) => Object.keys(body).length > 0);
  const withFields = fc.constantFrom(...(bodiesWithFields.length > 0 ? bodiesWithFields : validBodies));
  const json = (kind: string, body: string): FuzzRequest => ({ kind, contentType: JSON_TYPE, body });

  const fieldReplaced = withFields.chain((body) => {
    const keys = Object.keys(body);
    return fc.constantFrom(...keys).chain((key) =>
      fieldValueArbitrary(body[key]).map(({ label, json: value }) => json(`field:${key}:${label}`, objectText(entriesOf(body).map(([k, v]) => [k, k === key ? value : v])))),
    );
  });
  const fieldsMissing = withFields.chain((body) =>
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
  const duplicateKeys = withFields.chain((body) =>
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

  const ifFields = (arbitrary: fc.Arbitrary<FuzzRequest>, weight: number) => (bodiesWithFields.length > 0 ? [{ arbitrary, weight }] : []);
  return fc.oneof(
    ...ifFields(fieldReplaced, 12),
    ...ifFields(fieldsMissing, 2),
    { arbitrary: fieldExtra, weight: 2 },
    { arbitrary: deepNesting, weight: 1 },
    ...ifFields(duplicateKeys, 2),
    { arbitrary: wrongContentType, weight: 2 },
    { arbitrary: invalidJson, weight: 2 },
    { arbitrary: notAnObject, weight: 1 },
    { arbitrary: emptyBody, weight: 1 },
    { arbitrary: tooLarge, weight: 1 },
    { arbitrary: base.map((body) => json('valid', JSON.stringify(body))), weight: 1 },
  );
}

const HUGE_PARAM_SIZES = [1_000, 8_000];
/** Path traversal, plain and %-encoded (sent as written: nothing normalises them on the way). */
const TRAVERSALS = ['..', '.', '../../etc/passwd', '%2e%2e', '%2e%2e%2f', '..%2f..%2fetc%2fpasswd', '%2e%2e%5c', '..%5c', '....//', '%252e%252e%252f'];
/** %-encoding a decoder refuses: truncated, not hex, a UTF-16 surrogate, an overlong '/', bytes never in UTF-8. */
const BAD_ENCODINGS = ['%', '%%', '%E0%A4%A', '%zz', '%ED%A0%80', '%C0%AF', '%FF%FE', '%C3', '%u0041'];
const OUT_OF_RANGE = ['-1', '0', '-0', '1e308', '-1e308', '99999999999999999999999', '9007199254740993', '2147483648', '-2147483649', 'NaN', 'Infinity', '0x1F', '1.5', '007', '1_000'];
const TYPE_WORDS = ['true', 'false', 'null', 'undefined', '[]', '{}', '%5B%5D', '%7B%7D'];
const EXTRA_QUERY = ['__proto__=1', '__proto__[admin]=1', 'constructor[prototype][admin]=1', 'admin=true', 'flag', '=1', '&&', '%00=%00', 'a=1;b=2'];

/** %-encodes every byte of the UTF-8 but RFC 3986's unreserved characters (a lone surrogate becomes U+FFFD). */
function encodeParam(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A replacement for one parameter's value, as the raw text that goes into the URL; `valid` is already encoded. */
function paramValueArbitrary(valid: string): fc.Arbitrary<{ label: string; raw: string }> {
  const label = (name: string) => (raw: string) => ({ label: name, raw });
  return fc.oneof(
    fc.constant({ label: 'empty', raw: '' }),
    fc.constantFrom(...HUGE_PARAM_SIZES).map((size) => ({ label: `huge-${size}`, raw: 'x'.repeat(size) })),
    fc.tuple(fc.constantFrom(...TRAVERSALS), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'traversal', raw: placed(valid, edge, where) })),
    fc.constantFrom(...PLACEMENTS).map((where) => ({ label: 'nul', raw: placed(valid, '%00', where) })),
    fc.tuple(fc.constantFrom(...BAD_ENCODINGS), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'bad-encoding', raw: placed(valid, edge, where) })),
    fc.constantFrom(...OUT_OF_RANGE).map(label('number')),
    fc.constantFrom(...TYPE_WORDS).map(label('type-word')),
    fc.tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'unicode', raw: placed(valid, encodeParam(edge), where) })),
    fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ label: 'random-unicode', raw: encodeParam(text) })),
    fc.constantFrom(...WHITESPACE_ONLY).map((space) => ({ label: 'padded', raw: `${encodeParam(space)}${valid}${encodeParam(space)}` })),
    fc.constant({ label: 'upper-case', raw: valid.toUpperCase() }),
    fc.constant({ label: 'over-encoded', raw: [...decodeURIComponent(valid)].map((char) => encodeParam(char) === char ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : encodeParam(char)).join('') }),
  );
}

/** One valid, encoded value of each parameter. */
function validParams(params: FuzzParams = {}): fc.Arbitrary<Record<string, string>> {
  return fc.record(Object.fromEntries(Object.entries(params).map(([name, values]) => [name, fc.constantFrom(...values.map(encodeParam))])));
}

/** `template` with its `:name`s filled in, and the query pieces (`k=v`, already encoded) after a `?`. */
function urlOf(template: string, pathValues: Record<string, string>, queryPieces: readonly string[]): string {
  const path = template.replace(/:(\w+)/g, (_whole, name: string) => pathValues[name] ?? '');
  return queryPieces.length > 0 ? `${path}?${queryPieces.join('&')}` : path;
}

function paramRequestArbitrary(shape: FuzzShape): fc.Arbitrary<FuzzRequest> {
  const body = shape.validBodies?.[0];
  const withUrl = (kind: string, path: string): FuzzRequest => (body ? { kind, contentType: 'application/json', body: JSON.stringify(body), path } : { kind, body: '', path });
  const base = fc.record({ path: validParams(shape.pathParams), query: validParams(shape.query) });
  const pieces = (query: Record<string, string>, without: readonly string[] = []) =>
    Object.entries(query)
      .filter(([k]) => !without.includes(k))
      .map(([k, v]) => `${encodeParam(k)}=${v}`);
  const pathNames = Object.keys(shape.pathParams ?? {});
  const queryNames = Object.keys(shape.query ?? {});
  const families: fc.WeightedArbitrary<FuzzRequest>[] = [{ arbitrary: base.map(({ path, query }) => withUrl('valid', urlOf(shape.path, path, pieces(query)))), weight: 1 }];

  if (pathNames.length > 0) {
    const pathReplaced = base.chain(({ path, query }) =>
      fc
        .constantFrom(...pathNames)
        .chain((name) => paramValueArbitrary(path[name] ?? '').map(({ label, raw }) => withUrl(`path:${name}:${label}`, urlOf(shape.path, { ...path, [name]: raw }, pieces(query))))),
    );
    families.push({ arbitrary: pathReplaced, weight: 12 });
  }
  if (queryNames.length > 0) {
    const queryReplaced = base.chain(({ path, query }) =>
      fc
        .constantFrom(...queryNames)
        .chain((name) => paramValueArbitrary(query[name] ?? '').map(({ label, raw }) => withUrl(`query:${name}:${label}`, urlOf(shape.path, path, pieces({ ...query, [name]: raw }))))),
    );
    const queryMissing = base.chain(({ path, query }) =>
      fc.subarray(queryNames, { minLength: 1 }).map((gone) => withUrl(`query-missing:${gone.join('+')}`, urlOf(shape.path, path, pieces(query, gone)))),
    );
    const queryRepeated = base.chain(({ path, query }) =>
      fc
        .constantFrom(...queryNames)
        .chain((name) => fc.tuple(fc.constant(name), fc.oneof(fc.constant({ raw: query[name] ?? '' }), paramValueArbitrary(query[name] ?? ''))))
        .map(([name, { raw }]) => withUrl(`query-repeated:${name}`, urlOf(shape.path, path, [...pieces(query), `${encodeParam(name)}=${raw}`]))),
    );
    const queryArray = base.chain(({ path, query }) =>
      fc.tuple(fc.constantFrom(...queryNames), fc.constantFrom('[]', '[b]', '[0]', '[][]', '[__proto__]')).map(([name, brackets]) => {
        return withUrl(`query-array:${name}${brackets}`, urlOf(shape.path, path, [...pieces(query, [name]), `${encodeParam(name)}${brackets}=${query[name] ?? ''}`]));
      }),
    );
    families.push({ arbitrary: queryReplaced, weight: 8 }, { arbitrary: queryMissing, weight: 1 }, { arbitrary: queryRepeated, weight: 2 }, { arbitrary: queryArray, weight: 2 });
  }
  const queryExtra = base.chain(({ path, query }) =>
    fc
      .oneof(fc.constantFrom(...EXTRA_QUERY), fc.string({ unit: 'binary', maxLength: 12 }).map((key) => `${encodeParam(key)}=1`))
      .map((extra) => withUrl('query-extra', urlOf(shape.path, path, [...pieces(query), extra]))),
  );
  families.push({ arbitrary: queryExtra, weight: 2 });
  return fc.oneof(...families);
}

function hasParams(shape: FuzzShape): boolean {
  return Object.keys(shape.pathParams ?? {}).length + Object.keys(shape.query ?? {}).length > 0;
}

/**
 * The `count` requests of `seed`, always the same ones: body mutations when the shape has valid bodies,
 * parameter mutations when it has parameters (half and half when it has both). A list of bodies is a shape
 * of bodies only.
 */
export function generateFuzzRequests(shapeOrBodies: FuzzShape | readonly JsonObject[], options: FuzzGenerationOptions): FuzzRequest[] {
  const shape: FuzzShape = Array.isArray(shapeOrBodies) ? { path: '/', validBodies: shapeOrBodies } : (shapeOrBodies as FuzzShape);
  const families: fc.Arbitrary<FuzzRequest>[] = [];
  if (shape.validBodies && shape.validBodies.length > 0) families.push(bodyRequestArbitrary(shape.validBodies, options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT));
  if (hasParams(shape)) families.push(paramRequestArbitrary(shape));
  const [only, ...more] = families;
  if (!only) throw new Error('generateFuzzRequests needs at least one valid body or one parameter');
  return fc.sample(more.length > 0 ? fc.oneof(only, ...more) : only, { seed: options.seed, numRuns: options.count });
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
  const path = request.path === undefined ? '' : ` path: ${request.path.length > limit ? `${request.path.slice(0, limit)}… (${request.path.length} characters)` : request.path}`;
  return `[${request.kind}]${path} Content-Type: ${request.contentType ?? '(none)'} body: ${JSON.stringify(shown)}`;
}

interface RawAnswer {
  status: number;
  contentType: string | null;
  text: string;
}

/** One request exactly as written (node:http: no URL normalisation), retried once when a kept-alive socket was closed under it. */
function sendRaw(agent: Agent, base: URL, method: string, path: string, headers: Record<string, string>, body: Buffer | undefined, timeoutMs: number): Promise<RawAnswer> {
  const attempt = (): Promise<RawAnswer & { reusedReset?: boolean }> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? null, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (err: NodeJS.ErrnoException) => (req.reusedSocket && err.code === 'ECONNRESET' ? resolve({ status: 0, contentType: null, text: '', reusedReset: true }) : reject(err)));
      req.end(body);
    });
  return attempt().then((answer) => (answer.reusedReset ? attempt() : answer));
}

/** Sends the seeded requests to the target and checks every answer. */
export async function fuzzEndpoint(target: FuzzTarget, options: FuzzRunOptions): Promise<FuzzReport> {
  const method = target.method ?? 'POST';
  const endpoint = `${method} ${target.path}`;
  const requests = generateFuzzRequests(target, options);
  const byStatus: Record<number, number> = {};
  const failures: FuzzFailure[] = [];
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const base = new URL(target.baseUrl);
  const started = Date.now();
  let next = 0;
  let sent = 0;
  let timedOut = false;

  const sendOne = async (index: number, request: FuzzRequest) => {
    const headers: Record<string, string> = { ...target.headers };
    if (request.contentType !== undefined) headers['Content-Type'] = request.contentType;
    const body = method === 'GET' && request.body === '' ? undefined : Buffer.from(request.body, 'utf8');
    if (body) headers['Content-Length'] = String(body.length);
    const fail = (status: number | null, problem: string, answer: string) =>
      failures.push({ seed: options.seed, index, request, status, problem, answer: answer.slice(0, 500) });
    try {
      const res = await sendRaw(agent, base, method, request.path ?? target.path, headers, body, Math.max(1000, options.timeCapMs));
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      const problem = answerProblem(res.status, res.contentType, res.text);
      if (problem) fail(res.status, problem, res.text);
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
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
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
