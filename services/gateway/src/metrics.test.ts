import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gatewayRoute, loadGatewayConfig, start, type RunningGateway } from './server.js';
import { closeServer, listenOnLoopback } from './testing/loopback-server.js';

/** The value of `name{labels}` in Prometheus text (labels: a subset of the sample's), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([key, value]) => l.includes(`${key}="${value}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('gateway metrics', () => {
  let dir: string;
  let gateway: RunningGateway;
  const upstream = createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/auth/') ? 500 : 200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-metrics-'));
    const shellDir = join(dir, 'shell');
    await mkdir(shellDir);
    await writeFile(join(shellDir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    await writeFile(join(shellDir, 'main.0123abcd.js'), 'console.log(1);');
    const up = await listenOnLoopback(upstream);
    gateway = await start(
      loadGatewayConfig({
        PORT: '0',
        METRICS_PORT: '0',
        LOG_LEVEL: 'silent',
        SHELL_DIR: shellDir,
        RELEASES_DIR: join(dir, 'releases'),
        REMOTES_REGISTRY_FILE: join(dir, 'remotes.json'),
        CONTENT_URL: up,
        IDENTITY_URL: up,
        PAYMENTS_URL: up,
        CONTENT_LIST_CACHE_MS: '0',
      }),
    );
  });
  after(async () => {
    await gateway.stop();
    await closeServer(upstream);
    await rm(dir, { recursive: true, force: true });
  });

  test('serves /metrics on its metrics port only; the public port answers /metrics 404', async () => {
    assert.notEqual(new URL(gateway.metricsUrl).port, new URL(gateway.url).port);
    const res = await fetch(`${gateway.metricsUrl}/metrics`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^tca_http_requests_in_flight\{service="gateway"\} 0$/m);
    assert.deepEqual(await (await fetch(`${gateway.metricsUrl}/healthz`)).json(), { status: 'ok' });
    const publicAnswer = await fetch(`${gateway.url}/metrics`, { headers: { Accept: 'text/html' } });
    assert.equal(publicAnswer.status, 404, 'not the shell page, and never forwarded');
    assert.doesNotMatch(await publicAnswer.text(), /tca_|shell/);
  });

  test('counts requests by a small fixed set of routes: the service proxied to, or what the gateway served', async () => {
    for (const path of ['/blog/latest', '/blog/7', '/auth/me', '/', '/events/2024/pongal', '/main.0123abcd.js', '/missing.0000.js']) {
      await (await fetch(`${gateway.url}${path}`, { headers: { Accept: 'text/html' } })).text();
    }
    const text = await (await fetch(`${gateway.metricsUrl}/metrics`)).text();
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'content', status: '200' }), 2);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'identity', status: '500' }), 1);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'shell', status: '200' }), 2);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'static', status: '200' }), 1);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'static', status: '404' }), 1);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'unmatched', status: '404' }), 1, 'the /metrics asked of the public port');
    assert.doesNotMatch(text, /route="\/(blog|events)/, 'never a raw URL');
  });
});

test('gatewayRoute names what serves each path', () => {
  assert.equal(gatewayRoute('/blog/7', 'content'), 'content');
  assert.equal(gatewayRoute('/healthz', undefined), 'health');
  assert.equal(gatewayRoute('/remotes/content/remoteEntry.js', undefined), 'remotes');
  assert.equal(gatewayRoute('/releases/content/v1/mf-manifest.json', undefined), 'releases');
  assert.equal(gatewayRoute('/index.html', undefined), 'shell');
  assert.equal(gatewayRoute('/terms&conditions', undefined), 'shell');
  assert.equal(gatewayRoute('/metrics', undefined), 'unmatched');
});
