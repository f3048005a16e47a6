import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sendJson, startStubHttpServer, withRequestBody, type StubHttpServer } from './stub-http-server.js';
import { answerProblem, formatFuzzFailures, formatFuzzReport, fuzzEndpoint, generateFuzzRequests } from './request-fuzz.js';

const valid = [{ name: 'Kavitha Raman', email: 'kavitha@example.org', message: 'When does the festival start?' }];

describe('generateFuzzRequests', () => {
  it('gives the same requests for the same seed, and others for another seed', () => {
    const first = generateFuzzRequests(valid, { seed: 7, count: 300 });
    assert.equal(first.length, 300);
    assert.deepEqual(generateFuzzRequests(valid, { seed: 7, count: 300 }), first);
    assert.notDeepEqual(generateFuzzRequests(valid, { seed: 8, count: 300 }), first);
  });

  it('covers every kind of mutation in 1,000 requests', () => {
    const requests = generateFuzzRequests(valid, { seed: 1, count: 1000, bodyLimitBytes: 1000 });
    const kinds = new Set(requests.map((r) => r.kind));
    const families = new Set([...kinds].map((kind) => kind.split(':')[0]));
    assert.deepEqual([...families].sort(), ['content-type', 'deep-nesting', 'duplicate-key', 'empty-body', 'extra-field', 'field', 'invalid-json', 'missing', 'not-an-object', 'too-large', 'valid']);
    for (const label of ['number', 'boolean', 'null', 'array', 'object', 'empty', 'unicode', 'whitespace', 'deep']) {
      assert.ok([...kinds].some((kind) => kind.startsWith('field:') && kind.split(':')[2] === label), `a field replaced by ${label}`);
    }
    assert.ok([...kinds].some((kind) => /^field:\w+:huge-100000$/.test(kind)), 'a 100 kB string');
    for (const type of ['text/plain', 'form-urlencoded', 'multipart', 'none']) assert.ok(kinds.has(`content-type:${type}`), type);
    const tooLarge = requests.find((r) => r.kind === 'too-large');
    assert.ok(tooLarge && tooLarge.body.length > 1000, 'over the body limit');
    const duplicate = requests.find((r) => r.kind.startsWith('duplicate-key:'));
    assert.ok(duplicate);
    const key = duplicate.kind.split(':')[1] ?? '';
    assert.equal(duplicate.body.split(JSON.stringify(key)).length - 1, 2, 'the key appears twice in the raw text');
    assert.ok(requests.some((r) => r.body.includes('[[[[[[[[[[') && r.body.length >= 20_000), '10,000 nested arrays');
    assert.ok(requests.some((r) => r.body.includes('\\u0000')), 'a NUL');
  });
});

describe('generateFuzzRequests with parameters', () => {
  const shape = { path: '/files/:name', pathParams: { name: ['report.pdf'] }, query: { userId: ['42'], level: ['Gold-Single'] } };

  it('mutates path and query parameters in every family, replayably, writing each path as it is to be sent', () => {
    const requests = generateFuzzRequests(shape, { seed: 3, count: 1000 });
    assert.deepEqual(generateFuzzRequests(shape, { seed: 3, count: 1000 }), requests);
    const kinds = new Set(requests.map((r) => r.kind));
    const families = new Set([...kinds].map((kind) => kind.split(':')[0]));
    assert.deepEqual([...families].sort(), ['path', 'query', 'query-array', 'query-extra', 'query-missing', 'query-repeated', 'valid']);
    const labels = new Set([...kinds].filter((kind) => kind.startsWith('path:') || kind.startsWith('query:')).map((kind) => kind.split(':')[2]));
    for (const label of ['empty', 'huge-8000', 'traversal', 'nul', 'bad-encoding', 'number', 'type-word', 'unicode', 'random-unicode', 'padded', 'upper-case', 'over-encoded']) {
      assert.ok(labels.has(label), `a parameter replaced by ${label}`);
    }
    const paths = requests.map((r) => r.path ?? '');
    assert.ok(paths.every((path) => /^\/files\/[^?]*(\?.*)?$/.test(path) && /^[\x21-\x7e]+$/.test(path)), 'printable ASCII, %-encoded');
    assert.ok(paths.includes('/files/report.pdf?userId=42&level=Gold-Single'), 'the valid request');
    assert.ok(paths.some((path) => path.startsWith('/files/%2e%2e%2f')), '%2e%2e%2f in the path');
    assert.ok(paths.some((path) => path.includes('%E0%A4%A')), 'truncated %-encoding');
    assert.ok(paths.some((path) => path.includes('%00')), 'a NUL');
    assert.ok(paths.some((path) => /[?&]userId=42&.*userId=/.test(path) || /[?&]level=.*&level=/.test(path)), 'a repeated key');
    assert.ok(paths.some((path) => /(userId|level)\[\]=/.test(path)) && paths.some((path) => /(userId|level)\[b\]=/.test(path)), 'a[]= and a[b]=');
    assert.ok(requests.every((r) => r.body === '' && r.contentType === undefined), 'no body without valid bodies');
  });

  it('mutates the headers an endpoint reads, leaves them out, and sends them as bytes node:http accepts', async () => {
    const requests = generateFuzzRequests({ path: '/mine', headerParams: { Authorization: ['Bearer tok_123'] } }, { seed: 4, count: 500 });
    const kinds = new Set(requests.map((r) => r.kind));
    for (const label of ['missing', 'utf8-bytes', 'empty', 'huge-8000', 'bad-encoding', 'unicode']) assert.ok(kinds.has(`header:Authorization:${label}`), label);
    assert.ok(requests.every((r) => r.path === '/mine' || r.kind === 'query-extra'));
    assert.ok(requests.some((r) => r.headers?.Authorization === null));
    assert.ok(requests.some((r) => /[\x80-\xff]/.test(r.headers?.Authorization ?? '')), 'UTF-8 bytes');
    const seen: Array<string | undefined> = [];
    const server = await startStubHttpServer((req, res) => {
      seen.push(req.headers.authorization);
      sendJson(res, req.headers.authorization === 'Bearer tok_123' ? 200 : 401, { error: 'unauthorized', message: 'Log in.' });
    });
    try {
      const report = await fuzzEndpoint({ baseUrl: server.url, method: 'GET', path: '/mine', headerParams: { Authorization: ['Bearer tok_123'] }, headers: { Authorization: 'Bearer ignored' } }, { seed: 4, count: 500, timeCapMs: 30_000 });
      // A bare node:http server answers a 20 kB header itself: 431 with no body, which the fuzzer reports.
      const tooLarge = requests.filter((r) => r.kind === 'header:Authorization:huge-20000').length;
      assert.ok(tooLarge > 0);
      assert.equal(report.failures.length, tooLarge, formatFuzzFailures(report));
      assert.ok(report.failures.every((f) => f.status === 431 && /431 without a JSON body/.test(f.problem)));
      assert.equal(seen.length, 500 - tooLarge);
      assert.equal(seen.filter((value) => value === undefined).length, requests.filter((r) => r.headers?.Authorization === null).length, 'left out when null');
      assert.ok(!seen.includes('Bearer ignored'), 'the request’s header wins over the target’s');
      assert.ok((report.byStatus[200] ?? 0) > 0 && (report.byStatus[401] ?? 0) > 0);
    } finally {
      await server.close();
    }
  });

  it('mixes body and parameter mutations when a shape has both, sending the first valid body with a parameter mutation', () => {
    const requests = generateFuzzRequests({ path: '/orders/:id/cancel', pathParams: { id: ['ord_1'] }, validBodies: [{ reason: 'changed my mind' }] }, { seed: 5, count: 400 });
    const withPath = requests.filter((r) => r.path !== undefined);
    assert.ok(withPath.length > 100 && withPath.length < 300, `${withPath.length} of 400 mutate the path`);
    assert.ok(withPath.every((r) => r.body === JSON.stringify({ reason: 'changed my mind' }) && r.contentType === 'application/json'));
    assert.ok(requests.some((r) => r.path === undefined && r.kind.startsWith('field:reason:')));
  });
});

describe('generateFuzzRequests with an upload', () => {
  const upload = { field: 'file', fileName: 'passport.pdf', contentType: 'application/pdf', content: '%PDF-1.7\n%%EOF\n', limitBytes: 2000 };

  it('mutates the file name, the fields, the content and the multipart structure', () => {
    const requests = generateFuzzRequests({ path: '/documents', validUpload: upload }, { seed: 6, count: 1000 });
    const families = new Set(requests.map((r) => r.kind.split(':').slice(0, 2).join(':')));
    assert.deepEqual([...families].sort(), ['upload:content', 'upload:content-type', 'upload:field', 'upload:file-name', 'upload:structure', 'valid']);
    const valid = requests.find((r) => r.kind === 'valid');
    assert.ok(valid && valid.contentType?.startsWith('multipart/form-data; boundary='));
    assert.match(valid.body, /^--(\S+)\r\nContent-Disposition: form-data; name="file"; filename="passport.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1.7\n%%EOF\n\r\n--\1--\r\n$/);
    assert.ok(requests.some((r) => r.body.includes('filename="../../etc/passwd"')), 'a path as the file name');
    assert.ok(requests.some((r) => r.kind === 'upload:content:too-large' && r.body.length > 2000));
    assert.ok(requests.some((r) => r.kind === 'upload:structure:no-closing-delimiter' && !r.body.trimEnd().endsWith('--')));
    assert.ok(requests.some((r) => r.kind === 'upload:field:two-files' && r.body.split('filename=').length === 3));
  });
});

describe('answerProblem', () => {
  it('accepts answers below 400 and 4xx with a JSON error and message', () => {
    assert.equal(answerProblem(201, 'application/json', '{"id":"1"}'), null);
    assert.equal(answerProblem(400, 'application/json; charset=utf-8', '{"error":"validation_failed","message":"Check the form."}'), null);
  });

  it('refuses 5xx, and 4xx without JSON or without error and message', () => {
    assert.match(answerProblem(500, 'application/json', '{"error":"internal_error","message":"x"}') ?? '', /answered 500/);
    assert.match(answerProblem(400, 'text/html', '<h1>Bad</h1>') ?? '', /without a JSON body/);
    assert.match(answerProblem(413, 'application/json', 'nope') ?? '', /not JSON/);
    assert.match(answerProblem(404, 'application/json', '{"error":"not_found"}') ?? '', /without a string "error" and "message"/);
    assert.match(answerProblem(400, 'application/json', 'null') ?? '', /without a string "error" and "message"/);
  });
});

describe('fuzzEndpoint', () => {
  let stub: StubHttpServer;
  before(async () => {
    // Stores nothing; breaks like PostgreSQL did on a NUL, and answers text/plain bodies with plain text.
    stub = await startStubHttpServer(
      withRequestBody((req, res, body) => {
        const text = body.toString('utf8');
        if (text.includes('\\u0000')) return sendJson(res, 500, { error: 'internal_error', message: 'Something went wrong.' });
        if (req.headers['content-type'] === 'text/plain') {
          res.writeHead(400, { 'Content-Type': 'text/plain' });
          return res.end('bad');
        }
        if (text === JSON.stringify(valid[0])) return sendJson(res, 201, { id: '1' });
        sendJson(res, 400, { error: 'validation_failed', message: 'Check the form.' });
      }),
    );
  });
  after(() => stub.close());

  it('reports a 500 and a 4xx without JSON as failures with the seed, and the failing request replays from the seed', async () => {
    const report = await fuzzEndpoint({ baseUrl: stub.url, path: '/form', validBodies: valid }, { seed: 42, count: 400, timeCapMs: 30_000 });
    assert.equal(report.requests, 400);
    assert.equal(report.timedOut, false);
    assert.equal(Object.values(report.byStatus).reduce((a, b) => a + b, 0), 400);
    assert.ok((report.byStatus[201] ?? 0) > 0 && (report.byStatus[400] ?? 0) > 0);

    const serverErrors = report.failures.filter((f) => f.status === 500);
    assert.equal(serverErrors.length, report.byStatus[500]);
    assert.ok(serverErrors.length > 0, 'the NUL requests are found');
    for (const failure of serverErrors) {
      assert.equal(failure.seed, 42);
      assert.match(failure.problem, /answered 500/);
      assert.ok(failure.request.body.includes('\\u0000'));
      assert.deepEqual(generateFuzzRequests(valid, { seed: 42, count: 400 })[failure.index], failure.request, 'the seed and index give the same request again');
    }
    assert.ok(report.failures.some((f) => f.status === 400 && f.request.contentType === 'text/plain' && /without a JSON body/.test(f.problem)));
    assert.equal(report.failures.length, serverErrors.length + report.failures.filter((f) => f.request.contentType === 'text/plain').length);

    assert.match(formatFuzzFailures(report), /^POST \/form: \d+ failing requests \(replay with FUZZ_SEED=42\)\n#\d+ /);
    assert.match(formatFuzzReport(report), /^POST \/form 400 requests: 201×\d+ 400×\d+ 500×\d+ \(seed 42, [\d.]+ s, \d+ FAILED\)$/);
  });

  it('sends parameter mutations as written (no normalising of .. or %2e%2e) and reports what the server did with them', async () => {
    const seen: string[] = [];
    // Decodes the path as a careless server would: a URIError on broken %-encoding becomes a 500.
    const server = await startStubHttpServer((req, res) => {
      seen.push(req.url ?? '');
      try {
        decodeURIComponent(req.url ?? '');
      } catch {
        return sendJson(res, 500, { error: 'internal_error', message: 'URIError' });
      }
      sendJson(res, 404, { error: 'not_found', message: 'No such file.' });
    });
    try {
      const report = await fuzzEndpoint({ baseUrl: server.url, method: 'GET', path: '/files/:name', pathParams: { name: ['a.pdf'] } }, { seed: 9, count: 300, timeCapMs: 30_000 });
      assert.equal(report.requests, 300);
      // Paths over 16 kB are answered by node:http itself (431, no body): they never reach the handler.
      const written = generateFuzzRequests({ path: '/files/:name', pathParams: { name: ['a.pdf'] } }, { seed: 9, count: 300 }).map((r) => r.path ?? '');
      const parsed = written.filter((path) => path.length < 16_000);
      assert.ok(parsed.length < written.length);
      assert.deepEqual([...seen].sort(), parsed.sort(), 'every path arrives exactly as written');
      assert.ok(seen.some((url) => /\/\.\.(\/|$)/.test(url)) && seen.some((url) => url.includes('%2e%2e')), 'traversals among them');
      const serverErrors = report.failures.filter((f) => f.status === 500);
      assert.ok(serverErrors.length > 0 && serverErrors.every((f) => /%(?![0-9A-Fa-f]{2})|%(E0%A4%A|ED%A0|C0%AF|FF|C3)/.test(f.request.path ?? '')));
      assert.equal(report.failures.length - serverErrors.length, written.length - parsed.length, 'the rest are the 431s');
      assert.match(formatFuzzFailures(report), /path: \/files\//);
    } finally {
      await server.close();
    }
  });

  it('stops at the time cap and says so', async () => {
    const slow = await startStubHttpServer((_req, res) => setTimeout(() => sendJson(res, 400, { error: 'x', message: 'y' }), 100));
    try {
      const report = await fuzzEndpoint({ baseUrl: slow.url, path: '/form', validBodies: valid }, { seed: 1, count: 1000, timeCapMs: 300, concurrency: 2 });
      assert.equal(report.timedOut, true);
      assert.ok(report.requests > 0 && report.requests < 20, `${report.requests} requests`);
      assert.deepEqual(report.failures, []);
      assert.match(formatFuzzReport(report), /stopped by the time cap/);
    } finally {
      await slow.close();
    }
  });
});
