import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, readinessSchema } from '@tca/contracts';
import express from 'express';
import { z } from 'zod';
import { loadConfig, serviceEnvSchema } from './config.js';
import { parseBody, ConflictError } from './errors.js';
import { compileTrustProxy, createHttpApp, finishApp } from './http-app.js';
import { createLogger } from './logger.js';
import { createPool, postgresCheck } from './postgres.js';
import { startService, type RunningService } from './start-service.js';
import { assertJsonNotFound } from './testing/service-assertions.js';

/** Collects log lines so tests can assert what was (and was not) logged. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: createLogger({ name: 'test', level: 'info', destination }), lines };
}

describe('createHttpApp', () => {
  const { logger, lines } = memoryLogger();
  let running: RunningService;
  let healthy = true;

  before(async () => {
    const { app, lifecycle } = createHttpApp({
      name: 'test',
      logger,
      bodyLimit: '1kb',
      corsOrigins: ['http://allowed.test'],
      readinessChecks: {
        postgres: async () => {
          if (!healthy) throw new Error('down');
        },
        slow: () => new Promise((resolve) => setTimeout(resolve, healthy ? 0 : 5000).unref()),
      },
      readinessTimeoutMs: 200,
      beforeJson(app) {
        app.post('/raw', express.raw({ type: 'application/json' }), (req, res) => {
          res.json({ length: (req.body as Buffer).length });
        });
      },
    });
    const signupSchema = z.object({ email: z.email('Enter a valid e-mail.'), age: z.number().int() }).strict();
    app.post('/signup', (req, res) => {
      const body = parseBody(signupSchema, req.body);
      res.status(201).json(body);
    });
    app.get('/files/:name', (req, res) => {
      res.json({ name: req.params.name });
    });
    app.get('/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
    app.post('/conflict', () => {
      throw new ConflictError('That e-mail is already registered.', 'email_taken');
    });
    app.get('/boom', async () => {
      await Promise.resolve();
      throw new Error('connection string postgres://secret@db');
    });
    finishApp(app, logger);
    running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
  });
  after(() => running.stop());

  it('sees the visitor address the gateway forwards from loopback', async () => {
    const response = await fetch(`${running.url}/ip`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    assert.deepEqual(await response.json(), { ip: '203.0.113.9' });
  });

  it('answers /healthz and hides x-powered-by, with helmet headers', async () => {
    const res = await fetch(`${running.url}/healthz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
    assert.equal(res.headers.get('x-powered-by'), null);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });

  it('reuses a sane incoming request id and replaces an insane one', async () => {
    const reused = await fetch(`${running.url}/healthz`, { headers: { 'X-Request-Id': 'abc-123' } });
    assert.equal(reused.headers.get('x-request-id'), 'abc-123');
    const replaced = await fetch(`${running.url}/healthz`, { headers: { 'X-Request-Id': 'bad id <script>' } });
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('reports readiness, and not-ready when a check fails or is too slow', async () => {
    const ready = await fetch(`${running.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(readinessSchema.parse(await ready.json()), { status: 'ready', checks: { postgres: 'ok', slow: 'ok' } });
    healthy = false;
    try {
      const started = Date.now();
      const notReady = await fetch(`${running.url}/readyz`);
      assert.equal(notReady.status, 503);
      assert.deepEqual(await notReady.json(), { status: 'not-ready', checks: { postgres: 'failed', slow: 'failed' } });
      assert.ok(Date.now() - started < 2000, 'checks are time-boxed');
    } finally {
      healthy = true;
    }
  });

  it('sends CORS headers only to listed origins', async () => {
    const allowed = await fetch(`${running.url}/healthz`, { headers: { Origin: 'http://allowed.test' } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://allowed.test');
    const other = await fetch(`${running.url}/healthz`, { headers: { Origin: 'http://evil.test' } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    const preflight = await fetch(`${running.url}/signup`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://allowed.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await fetch(`${running.url}/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email": ' });
    assert.equal(res.status, 400);
    assert.deepEqual(apiErrorSchema.parse(await res.json()), { error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a too large body with 413 payload_too_large', async () => {
    const res = await fetch(`${running.url}/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(5000) }) });
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { error: string }).error, 'payload_too_large');
  });

  it('answers validation failures with per-field messages', async () => {
    const res = await fetch(`${running.url}/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'nope', extra: 1 }) });
    assert.equal(res.status, 400);
    const body = apiErrorSchema.parse(await res.json());
    assert.equal(body.error, 'validation_failed');
    assert.equal(body.fields?.email, 'Enter a valid e-mail.');
    assert.ok(body.fields?.age);
    assert.equal(body.fields?.extra, 'Unknown field.');

    const noBody = await fetch(`${running.url}/signup`, { method: 'POST' });
    assert.equal(noBody.status, 400);
    assert.match(apiErrorSchema.parse(await noBody.json()).message, /JSON object/);

    const ok = await fetch(`${running.url}/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.org', age: 3 }) });
    assert.equal(ok.status, 201);
  });

  it('lets routes mounted before the JSON parser read the raw body', async () => {
    const res = await fetch(`${running.url}/raw`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a": 1}' });
    assert.deepEqual(await res.json(), { length: 8 });
  });

  it('answers AppErrors with their status and code', async () => {
    const res = await fetch(`${running.url}/conflict`, { method: 'POST' });
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { error: 'email_taken', message: 'That e-mail is already registered.' });
  });

  it('answers a path parameter with broken %-encoding with 400, not 500', async () => {
    const res = await fetch(`${running.url}/files/%E0%A4%A`);
    assert.equal(res.status, 400);
    assert.equal(apiErrorSchema.parse(await res.json()).error, 'bad_request');
  });

  it('answers unknown paths with a JSON 404', async () => {
    await assertJsonNotFound(running.url);
  });

  it('hides unexpected errors behind a generic 500 and logs them with the request id', async () => {
    const res = await fetch(`${running.url}/boom`, { headers: { 'X-Request-Id': 'req-500', Authorization: 'Bearer top-secret' } });
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.doesNotMatch(text, /secret|postgres/);
    assert.equal(apiErrorSchema.parse(JSON.parse(text)).error, 'internal_error');
    const logged = lines.find((line) => line.msg === 'unhandled error' && (line.req as { id?: unknown } | undefined)?.id === 'req-500');
    assert.ok(logged, 'the error is logged with the request id');
    assert.match(JSON.stringify(logged.err), /postgres:\/\/secret@db/);
    assert.doesNotMatch(JSON.stringify(lines), /top-secret/, 'authorization headers are redacted');
  });
});

describe('trust proxy: whose X-Forwarded-For names the visitor (TRUST_PROXY)', () => {
  const env = { PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };

  /** Serves GET /ip (req.ip) with the app createHttpApp builds from `TRUST_PROXY` (undefined: unset). */
  async function ipOf(trustProxyVariable: string | undefined, forwardedFor: string): Promise<string> {
    const config = loadConfig(serviceEnvSchema, { ...env, TRUST_PROXY: trustProxyVariable });
    const logger = createLogger({ name: 'test', level: 'silent' });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger, trustProxy: config.TRUST_PROXY });
    app.get('/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
    finishApp(app, logger);
    const running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
    try {
      const response = await fetch(`${running.url}/ip`, { headers: { 'X-Forwarded-For': forwardedFor } });
      return z.object({ ip: z.string() }).parse(await response.json()).ip;
    } finally {
      await running.stop();
    }
  }

  it('by default believes only loopback peers (the gateway of npm start), not any private address', () => {
    const { app } = createHttpApp({ name: 'test', logger: createLogger({ name: 'test', level: 'silent' }) });
    const trusts = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) assert.equal(trusts(address, 0), true, address);
    for (const address of ['10.1.2.3', '172.16.0.9', '192.168.1.5', '169.254.0.7', 'fd00::5', 'fe80::1', '203.0.113.9']) assert.equal(trusts(address, 0), false, address);
  });

  it('TRUST_PROXY unset: a loopback peer (the gateway) names the visitor', async () => {
    assert.equal(await ipOf(undefined, '203.0.113.9'), '203.0.113.9');
  });

  it('TRUST_PROXY=none: X-Forwarded-For is ignored, the visitor is the peer itself', async () => {
    assert.match(await ipOf('none', '203.0.113.9'), /^(::ffff:)?127\.0\.0\.1$/);
  });

  it('TRUST_PROXY set to other addresses: a peer not among them is not believed; among them, it is', async () => {
    assert.match(await ipOf('10.0.0.0/8, 192.168.1.5', '203.0.113.9'), /^(::ffff:)?127\.0\.0\.1$/);
    assert.equal(await ipOf('10.0.0.2, 127.0.0.1/32', '198.51.100.4, 203.0.113.9'), '203.0.113.9');
  });

  it('compileTrustProxy gives the check Express makes, for proxies that forward without Express', () => {
    const trusts = compileTrustProxy(['loopback', '10.0.0.0/8']);
    assert.equal(trusts('::ffff:127.0.0.1', 0), true);
    assert.equal(trusts('10.9.8.7', 0), true);
    assert.equal(trusts('192.168.0.1', 0), false);
    assert.equal(compileTrustProxy([])('127.0.0.1', 0), false, '[] trusts no one');
  });
});

describe('readiness against a real dependency', () => {
  it('reports Postgres as failed when it is unreachable, then draining', async () => {
    const { logger } = memoryLogger();
    // Port 1 refuses connections: a stand-in for a database that is down.
    const pool = createPool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', schema: 'test', applicationName: 'test', connectionTimeoutMillis: 500 });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger, readinessChecks: { postgres: postgresCheck(pool) } });
    finishApp(app, logger);
    const running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false, onShutdown: [() => pool.end()] });
    try {
      const res = await fetch(`${running.url}/readyz`);
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), { status: 'not-ready', checks: { postgres: 'failed' } });
      lifecycle.startDraining();
      const draining = await fetch(`${running.url}/readyz`);
      assert.equal(draining.status, 503);
      assert.equal(((await draining.json()) as { status: string }).status, 'draining');
    } finally {
      await running.stop();
    }
  });
});
