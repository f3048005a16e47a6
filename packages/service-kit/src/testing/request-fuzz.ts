/**
 * A seeded request fuzzer. From one or more valid sample bodies it generates JSON requests that mutate them
 * field by field (wrong types, empty, huge, unicode edge cases, whitespace), drop and add fields, nest deeply,
 * repeat keys, send the wrong content type, invalid JSON, an empty body or one over the JSON limit. From valid
 * path, query and header values (`/checkout-session/:id`, `?userId=&level=`, `Authorization`) it mutates the
 * parameters: empty, huge, `..` and `%2e%2e%2f`, `%00`, unicode edge cases, broken %-encoding, numbers out of
 * range, repeated query keys, `a[]=` and `a[b]=`, missing and unknown keys, headers left out or sent as raw
 * UTF-8 bytes. From a valid file upload it mutates the multipart/form-data request: file names (paths, quotes,
 * header injection, unicode, 5,000 characters), fields (wrong name, two files, too many fields), the content
 * (empty, not the type, over the limit) and the structure (no closing delimiter, LF line endings, truncated,
 * the wrong or no boundary). It sends the requests as written (node:http: no URL normalisation; keep-alive,
 * a few at a time) and checks every answer: below 500, and every 4xx a JSON body with a string `error` and
 * `message`. The same seed gives the same requests, so a failure prints its seed and request and replays with
 * FUZZ_SEED=<seed>.
 */
import assert from 'node:assert/strict';
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
  /** Header values of this request over the target's (null: left out). */
  headers?: Record<string, string | null>;
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
  /**
   * Valid values of each header the endpoint reads (e.g. Authorization), mutated like parameters and left out.
   * Parameter requests send them over the target's `headers`; body requests send the target's `headers` only.
   */
  headerParams?: FuzzParams;
  /** A file upload the endpoint accepts (multipart/form-data): its part and its structure are mutated. */
  validUpload?: FuzzUpload;
}

export interface FuzzUpload {
  /** The form field of the file, e.g. `file`. */
  field: string;
  fileName: string;
  /** The part's Content-Type. */
  contentType: string;
  /** The file's content as text (sent as UTF-8), e.g. a small PDF. */
  content: string;
  /** The largest file the endpoint takes: `too-large` files exceed it. */
  limitBytes: number;
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

/** 20,000 is over Node's 16 kB limit for the request line and headers together. */
const HUGE_PARAM_SIZES = [1_000, 8_000, 20_000];
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

/** One value of every parameter: path and query ones %-encoded, header ones as sent. */
interface ParamValues {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string | null>;
}

/** A header value from any text: its UTF-8 bytes, one latin1 character each (what node:http sends as bytes). */
function headerBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1').replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

function paramRequestArbitrary(shape: FuzzShape): fc.Arbitrary<FuzzRequest> {
  const body = shape.validBodies?.[0];
  const pieces = (query: Record<string, string>, without: readonly string[] = []) =>
    Object.entries(query)
      .filter(([k]) => !without.includes(k))
      .map(([k, v]) => `${encodeParam(k)}=${v}`);
  const make = (kind: string, values: ParamValues, queryPieces = pieces(values.query)): FuzzRequest => {
    const request: FuzzRequest = body ? { kind, contentType: 'application/json', body: JSON.stringify(body) } : { kind, body: '' };
    request.path = urlOf(shape.path, values.path, queryPieces);
    if (Object.keys(values.headers).length > 0) request.headers = values.headers;
    return request;
  };
  const headerValues = fc.record(Object.fromEntries(Object.entries(shape.headerParams ?? {}).map(([name, values]) => [name, fc.constantFrom<string | null>(...values)])));
  const base = fc.record({ path: validParams(shape.pathParams), query: validParams(shape.query), headers: headerValues });
  const pathNames = Object.keys(shape.pathParams ?? {});
  const queryNames = Object.keys(shape.query ?? {});
  const headerNames = Object.keys(shape.headerParams ?? {});
  const families: fc.WeightedArbitrary<FuzzRequest>[] = [{ arbitrary: base.map((values) => make('valid', values)), weight: 1 }];

  if (pathNames.length > 0) {
    const pathReplaced = base.chain((values) =>
      fc
        .constantFrom(...pathNames)
        .chain((name) => paramValueArbitrary(values.path[name] ?? '').map(({ label, raw }) => make(`path:${name}:${label}`, { ...values, path: { ...values.path, [name]: raw } }))),
    );
    families.push({ arbitrary: pathReplaced, weight: 12 });
  }
  if (queryNames.length > 0) {
    const queryReplaced = base.chain((values) =>
      fc
        .constantFrom(...queryNames)
        .chain((name) => paramValueArbitrary(values.query[name] ?? '').map(({ label, raw }) => make(`query:${name}:${label}`, { ...values, query: { ...values.query, [name]: raw } }))),
    );
    const queryMissing = base.chain((values) => fc.subarray(queryNames, { minLength: 1 }).map((gone) => make(`query-missing:${gone.join('+')}`, values, pieces(values.query, gone))));
    const queryRepeated = base.chain((values) =>
      fc
        .constantFrom(...queryNames)
        .chain((name) => fc.tuple(fc.constant(name), fc.oneof(fc.constant({ raw: values.query[name] ?? '' }), paramValueArbitrary(values.query[name] ?? ''))))
        .map(([name, { raw }]) => make(`query-repeated:${name}`, values, [...pieces(values.query), `${encodeParam(name)}=${raw}`])),
    );
    const queryArray = base.chain((values) =>
      fc
        .tuple(fc.constantFrom(...queryNames), fc.constantFrom('[]', '[b]', '[0]', '[][]', '[__proto__]'))
        .map(([name, brackets]) => make(`query-array:${name}${brackets}`, values, [...pieces(values.query, [name]), `${encodeParam(name)}${brackets}=${values.query[name] ?? ''}`])),
    );
    families.push({ arbitrary: queryReplaced, weight: 8 }, { arbitrary: queryMissing, weight: 1 }, { arbitrary: queryRepeated, weight: 2 }, { arbitrary: queryArray, weight: 2 });
  }
  if (headerNames.length > 0) {
    // The parameter values, read as header text, plus raw UTF-8 bytes and the header left out.
    const headerValue = (valid: string) =>
      fc.oneof(
        { arbitrary: paramValueArbitrary(valid).map(({ label, raw }) => ({ label, value: raw as string | null })), weight: 4 },
        { arbitrary: fc.tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'utf8-bytes', value: headerBytes(placed(valid, edge, where)) })), weight: 2 },
        { arbitrary: fc.constant({ label: 'missing', value: null }), weight: 1 },
      );
    const headerReplaced = base.chain((values) =>
      fc
        .constantFrom(...headerNames)
        .chain((name) => headerValue(values.headers[name] ?? '').map(({ label, value }) => make(`header:${name}:${label}`, { ...values, headers: { ...values.headers, [name]: value } }))),
    );
    families.push({ arbitrary: headerReplaced, weight: 12 });
  }
  const queryExtra = base.chain((values) =>
    fc
      .oneof(fc.constantFrom(...EXTRA_QUERY), fc.string({ unit: 'binary', maxLength: 12 }).map((key) => `${encodeParam(key)}=1`))
      .map((extra) => make('query-extra', values, [...pieces(values.query), extra])),
  );
  families.push({ arbitrary: queryExtra, weight: 2 });
  return fc.oneof(...families);
}

function hasParams(shape: FuzzShape): boolean {
  return [shape.pathParams, shape.query, shape.headerParams].some((params) => Object.keys(params ?? {}).length > 0);
}

/** Names a careless upload handler trips over: paths, quoting, header injection, no stem, reserved names. */
const FILE_NAME_EDGES = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/absolute/path.pdf',
  'C:\\temp\\scan.pdf',
  '.pdf',
  '.',
  '..',
  'a";b.pdf',
  'a\\".pdf',
  'semi;colon=x.pdf',
  'scan.pdf\r\nContent-Type: text/html',
  'CON.pdf',
  'scan.PDF.exe',
  'scan.pdf%00.exe',
  'scan.pdf\u0000.exe',
  'space .pdf ',
];

interface Part {
  headers: readonly string[];
  content: string;
}

/** A multipart/form-data body from its parts (`close`: with the closing delimiter; `eol`: the line ending). */
function multipartText(boundary: string, parts: readonly Part[], { close = true, eol = '\r\n' } = {}): string {
  const body = parts.map((part) => `--${boundary}${eol}${part.headers.join(eol)}${eol}${eol}${part.content}${eol}`).join('');
  return close ? `${body}--${boundary}--${eol}` : body;
}

function filePart(field: string, fileName: string, contentType: string, content: string): Part {
  return { headers: [`Content-Disposition: form-data; name="${field}"; filename="${fileName}"`, `Content-Type: ${contentType}`], content };
}

function textPart(field: string, value: string): Part {
  return { headers: [`Content-Disposition: form-data; name="${field}"`], content: value };
}

function uploadRequestArbitrary(upload: FuzzUpload): fc.Arbitrary<FuzzRequest> {
  const boundary = 'fuzzUploadBoundary9Zq3';
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const sent = (kind: string, parts: readonly Part[], options?: { close?: boolean; eol?: string }): FuzzRequest => ({ kind, contentType: multipart, body: multipartText(boundary, parts, options) });
  const file = (overrides: Partial<Omit<FuzzUpload, 'limitBytes'>> = {}): Part => {
    const { field, fileName, contentType, content } = { ...upload, ...overrides };
    return filePart(field, fileName, contentType, content);
  };
  const valid = multipartText(boundary, [file()]);

  const fileName = fc
    .oneof(
      fc.constantFrom(...FILE_NAME_EDGES).map((name) => ({ label: 'edge', name })),
      fc.tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom(...PLACEMENTS)).map(([edge, where]) => ({ label: 'unicode', name: placed(upload.fileName, edge, where) })),
      fc.constantFrom(300, 5_000).map((size) => ({ label: `huge-${size}`, name: `${'n'.repeat(size)}.pdf` })),
      fc.constant({ label: 'empty', name: '' }),
      fc.constantFrom(...WHITESPACE_ONLY).map((name) => ({ label: 'whitespace', name })),
    )
    .map(({ label, name }) => sent(`upload:file-name:${label}`, [file({ fileName: name })]));
  const fields = fc.oneof(
    fc.constantFrom('files', '', 'file[]', 'FILE', 'file ', 'fïle').map((field) => sent('upload:field:wrong-name', [file({ field })])),
    fc.constant(sent('upload:field:two-files', [file(), file({ fileName: `second-${upload.fileName}` })])),
    fc.integer({ min: 1, max: 12 }).map((n) => sent(`upload:field:extra-fields-${n}`, [...Array.from({ length: n }, (_, i) => textPart(`extra${i}`, 'x')), file()])),
    fc.constant(sent('upload:field:text-not-file', [textPart(upload.field, upload.content)])),
    fc.constant(sent('upload:field:no-parts', [])),
  );
  const content = fc.oneof(
    fc.constant(sent('upload:content:empty', [file({ content: '' })])),
    fc.constant(sent('upload:content:not-a-document', [file({ content: 'just text, named like the file' })])),
    fc.constant(sent('upload:content:truncated', [file({ content: upload.content.slice(0, 3) })])),
    fc.string({ unit: 'binary', maxLength: 200 }).map((text) => sent('upload:content:random', [file({ content: text })])),
    fc.constantFrom('text/html', 'application/x-msdownload', '', ';;;', 'image/svg+xml').map((type) => sent('upload:content:part-type', [file({ contentType: type })])),
    fc.constant(sent('upload:content:too-large', [file({ content: upload.content + 'p'.repeat(upload.limitBytes) })])),
  );
  const structure = fc.constantFrom<FuzzRequest>(
    { kind: 'upload:structure:no-closing-delimiter', contentType: multipart, body: multipartText(boundary, [file()], { close: false }) },
    { kind: 'upload:structure:lf-line-endings', contentType: multipart, body: multipartText(boundary, [file()], { eol: '\n' }) },
    { kind: 'upload:structure:truncated', contentType: multipart, body: valid.slice(0, Math.floor(valid.length / 2)) },
    { kind: 'upload:structure:other-boundary', contentType: 'multipart/form-data; boundary=notTheOneInTheBody', body: valid },
    { kind: 'upload:structure:no-boundary', contentType: 'multipart/form-data', body: valid },
    { kind: 'upload:structure:empty-boundary', contentType: 'multipart/form-data; boundary=', body: valid },
    { kind: 'upload:structure:long-boundary', contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, body: multipartText('b'.repeat(200), [file()]) },
    { kind: 'upload:structure:no-disposition', contentType: multipart, body: multipartText(boundary, [{ headers: [`Content-Type: ${upload.contentType}`], content: upload.content }]) },
    { kind: 'upload:structure:no-name', contentType: multipart, body: multipartText(boundary, [{ headers: [`Content-Disposition: form-data; filename="${upload.fileName}"`], content: upload.content }]) },
    { kind: 'upload:structure:rfc5987-bad-encoding', contentType: multipart, body: multipartText(boundary, [{ headers: [`Content-Disposition: form-data; name="${upload.field}"; filename*=UTF-8''%E0%A4%A.pdf`], content: upload.content }]) },
    { kind: 'upload:structure:preamble', contentType: multipart, body: `junk before the first boundary\r\n${valid}` },
    { kind: 'upload:structure:empty-body', contentType: multipart, body: '' },
    { kind: 'upload:structure:header-only', contentType: multipart, body: `--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"; filename="${upload.fileName}"` },
    { kind: 'upload:content-type:json', contentType: 'application/json', body: JSON.stringify({ [upload.field]: upload.content }) },
    { kind: 'upload:content-type:form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: `${upload.field}=${encodeURIComponent(upload.content)}` },
    { kind: 'upload:content-type:none', body: valid },
    { kind: 'upload:content-type:mixed', contentType: `multipart/mixed; boundary=${boundary}`, body: valid },
  );
  return fc.oneof(
    { arbitrary: fileName, weight: 6 },
    { arbitrary: fields, weight: 3 },
    { arbitrary: content, weight: 3 },
    { arbitrary: structure, weight: 4 },
    { arbitrary: fc.constant(sent('valid', [file()])), weight: 2 },
  );
}

/**
 * The `count` requests of `seed`, always the same ones: body mutations when the shape has valid bodies,
 * parameter mutations when it has parameters, upload mutations when it has an upload (evenly mixed). A list of bodies is a shape
 * of bodies only.
 */
export function generateFuzzRequests(shapeOrBodies: FuzzShape | readonly JsonObject[], options: FuzzGenerationOptions): FuzzRequest[] {
  const shape: FuzzShape = Array.isArray(shapeOrBodies) ? { path: '/', validBodies: shapeOrBodies } : (shapeOrBodies as FuzzShape);
  const families: fc.Arbitrary<FuzzRequest>[] = [];
  if (shape.validBodies && shape.validBodies.length > 0) families.push(bodyRequestArbitrary(shape.validBodies, options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT));
  if (hasParams(shape)) families.push(paramRequestArbitrary(shape));
  if (shape.validUpload) families.push(uploadRequestArbitrary(shape.validUpload));
  const [only, ...more] = families;
  if (!only) throw new Error('generateFuzzRequests needs at least one valid body, parameter or upload');
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
  const headers = request.headers === undefined ? '' : ` headers: ${JSON.stringify(request.headers).slice(0, limit)}`;
  return `[${request.kind}]${path}${headers} Content-Type: ${request.contentType ?? '(none)'} body: ${JSON.stringify(shown)}`;
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
    const merged = { ...target.headers, ...request.headers };
    const headers: Record<string, string> = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null));
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

/** What a fuzz run must show besides "no failures" (every test asks one of these). */
export type FuzzExpectation = 'some refused' | 'some answered 200';

/**
 * Runs fuzzEndpoint, prints its report, and asserts the suite's pass rule: no failing answer, all `count`
 * requests sent within the time cap, the expectation met (some requests refused with a 4xx, or some valid
 * ones answered 200), and the service still ready (`/readyz` on the target's base URL). Resolves with the
 * report for the test's own checks (stored rows per 2xx, ...).
 */
export async function fuzzAndCheck(target: FuzzTarget, options: FuzzRunOptions, expectation: FuzzExpectation = 'some refused'): Promise<FuzzReport> {
  const report = await fuzzEndpoint(target, options);
  console.log(formatFuzzReport(report));
  assert.deepEqual(report.failures, [], formatFuzzFailures(report));
  assert.equal(report.requests, options.count, `only ${report.requests} of ${options.count} requests within ${options.timeCapMs} ms`);
  if (expectation === 'some refused') assert.ok(Object.keys(report.byStatus).some((status) => status.startsWith('4')), 'some are refused');
  else assert.ok((report.byStatus[200] ?? 0) > 0, 'the valid requests are answered');
  assert.equal((await fetch(new URL('/readyz', target.baseUrl))).status, 200, 'still ready');
  return report;
}

/** How many requests of a run were answered with `status`. */
export function answersWith(report: FuzzReport, status: number): number {
  return report.byStatus[status] ?? 0;
}
