import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import type { Logger, LogLevel } from '@tca/service-kit';
import { createAccessLog, createHitLog } from './access-log.js';
import { capturedLog, type CapturedLog } from './testing/captured-log.js';

function capture(level: LogLevel): CapturedLog & { log: ReturnType<typeof createAccessLog> } {
  const captured = capturedLog(level);
  return { ...captured, log: createAccessLog(captured.logger) };
}

const req = { method: 'GET', url: '/blog/get', headers: { authorization: 'Bearer secret' } } as unknown as IncomingMessage;
const res = (statusCode: number, writableEnded = true) => ({ statusCode, writableEnded }) as unknown as ServerResponse;

describe('access log', () => {
  test('one line per request with the request id, method, path, status, time and the extra fields; no headers', () => {
    const { lines, log } = capture('info');
    log(req, res(200), 'rid-1', performance.now() - 12, { upstream: 'content', cache: 'hit' });
    assert.equal(lines.length, 1);
    const line = lines[0] ?? {};
    assert.equal(line.msg, 'request completed');
    assert.equal(line.level, 30);
    assert.equal(line.reqId, 'rid-1');
    assert.deepEqual(line.req, { method: 'GET', url: '/blog/get' });
    assert.deepEqual(line.res, { statusCode: 200 });
    assert.ok(typeof line.responseTime === 'number' && line.responseTime >= 11);
    assert.equal(line.upstream, 'content');
    assert.equal(line.cache, 'hit');
    assert.equal(line.aborted, undefined);
    assert.doesNotMatch(JSON.stringify(line), /secret/);
  });

  test('a reset link\'s token never reaches the line, whatever the logger redacts', () => {
    const token = 'k9Xb0_-abcdefghijklmnopqrstuvwxyz0123456789A';
    // What the access log hands its logger, before any redaction a logger may do: the redaction must be its own.
    const logged: Array<{ req: { url: string } }> = [];
    const record = (details: { req: { url: string } }) => logged.push(details);
    const bare = { isLevelEnabled: () => true, info: record, warn: record, error: record } as unknown as Logger;
    const log = createAccessLog(bare);
    log({ method: 'GET', url: `/reset-password/${token}?from=mail`, headers: {} } as unknown as IncomingMessage, res(200), 'r1', performance.now(), {});
    log({ method: 'GET', url: `/auth/check?token=${token}`, headers: {} } as unknown as IncomingMessage, res(400), 'r2', performance.now(), {});
    const lines = logged.map((details) => JSON.stringify(details));
    assert.equal(lines.length, 2);
    assert.deepEqual(
      logged.map((details) => details.req.url),
      ['/reset-password/[redacted]?from=mail', '/auth/check?token=[redacted]'],
    );
    for (const line of lines) assert.ok(!line.includes(token), `no token in ${line}`);
  });

  test('warn for 4xx, error for 5xx and for answers that were not finished', () => {
    const { lines, log } = capture('info');
    log(req, res(404), 'a', performance.now(), {});
    log(req, res(502), 'b', performance.now(), {});
    log(req, res(200, false), 'c', performance.now(), {});
    assert.deepEqual(
      lines.map((l) => [l.reqId, l.level, l.aborted]),
      [
        ['a', 40, undefined],
        ['b', 50, undefined],
        ['c', 50, true],
      ],
    );
  });

  test('at LOG_LEVEL warn only the failures are written', () => {
    const { lines, log } = capture('warn');
    log(req, res(200), 'ok', performance.now(), {});
    log(req, res(304), 'not-modified', performance.now(), {});
    log(req, res(503), 'failed', performance.now(), {});
    assert.deepEqual(
      lines.map((l) => l.reqId),
      ['failed'],
    );
  });
});

describe('hit log', () => {
  test('summary: hits counted per path and status, one line per flush, none when there were none', () => {
    const { lines, log, logger } = capture('info');
    const hits = createHitLog(logger, log, 'summary');
    hits.flush();
    assert.equal(lines.length, 0);
    hits.hit(req, res(200), 'a', performance.now(), '/blog/get');
    hits.hit(req, res(200), 'b', performance.now(), '/blog/get');
    hits.hit(req, res(304), 'c', performance.now(), '/blog/get');
    hits.hit(req, res(200), 'd', performance.now(), '/events/get');
    hits.flush();
    hits.hit(req, res(200), 'e', performance.now(), '/events/get');
    hits.close();
    assert.deepEqual(
      lines.map((l) => [l.msg, l.hits, l.total]),
      [
        ['list cache hits', { '/blog/get': { 200: 2, 304: 1 }, '/events/get': { 200: 1 } }, 4],
        ['list cache hits', { '/events/get': { 200: 1 } }, 1],
      ],
    );
  });

  test('summary: a hit whose client went away keeps its own line with its request id', () => {
    const { lines, log, logger } = capture('info');
    const hits = createHitLog(logger, log, 'summary');
    hits.hit(req, res(200, false), 'gone-1', performance.now(), '/blog/get');
    hits.close();
    assert.deepEqual(
      lines.map((l) => [l.msg, l.reqId, l.level, l.cache]),
      [['request completed', 'gone-1', 50, 'hit']],
    );
  });

  test('each: a line per hit', () => {
    const { lines, log, logger } = capture('info');
    const hits = createHitLog(logger, log, 'each');
    hits.hit(req, res(200), 'a', performance.now(), '/blog/get');
    hits.hit(req, res(304), 'b', performance.now(), '/blog/get');
    hits.close();
    assert.deepEqual(
      lines.map((l) => [l.reqId, l.cache]),
      [
        ['a', 'hit'],
        ['b', 'hit'],
      ],
    );
  });
});
