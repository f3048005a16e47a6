import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import type { RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Express, Request, RequestHandler } from 'express';
import { REGISTRY_PATH, REMOTE_NAMES, SERVICES, serviceForPath, type RemoteName, type ServiceName } from '@tca/contracts';
import {
  createHttpApp,
  createLogger,
  createProcessMetrics,
  finishApp,
  metricsListenOptions,
  startMetricsServer,
  startService,
  type Lifecycle,
  type Logger,
  type ProcessMetrics,
  type ReadinessCheck,
  type RunningService,
} from '@tca/service-kit';
import { remoteDirs, upstreamUrls, type GatewayConfig } from './config.js';
import { contentSecurityPolicy } from './csp.js';
import { createAccessLog } from './access-log.js';
import { createListCache } from './list-cache.js';
import { createProxy } from './proxy.js';
import { createRegistrySource } from './registry.js';
import { listsFor, pageHead, renderHead, robotsTxt, sitemapXml } from './seo.js';
import { createSeoData, type SeoLists } from './seo-data.js';
import { createShellPage } from './shell-page.js';
import { createStaticHandler, hasExtension, sendPlain } from './static.js';

export { loadGatewayConfig, gatewayEnvSchema, REPO_ROOT, type GatewayConfig } from './config.js';
export { buildRegistry, readRegistryFile, registryFileSchema, defaultManifestPath, type RegistryFile } from './registry.js';
export { startStaticServer, cacheControlFor, type RunningStaticServer, type StaticServerOptions } from './static.js';

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

// Browsers ask for text/html; curl, crawlers and link checkers send "*/*" or nothing, and get the page too.
function acceptsHtml(req: Request): boolean {
  const accept = req.headers.accept?.toLowerCase();
  return accept === undefined || accept.trim() === '' || accept.includes('text/html') || accept.includes('*/*');
}

function shellNotBuilt(res: ServerResponse, shellDir: string): void {
  res.statusCode = 503;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Retry-After', '10');
  res.end(
    `<!doctype html><meta charset="utf-8"><title>Site not built</title>` +
      `<h1>The site is not built yet</h1><p>The gateway found no <code>index.html</code> in <code>${shellDir.replace(/[<>&]/g, '')}</code>.` +
      ` Run <code>npm run build -w shell</code> (or <code>npm start</code>, which builds what is missing), then reload.</p>\n`,
  );
}

/** Resolves when one of the service's replicas answers /healthz with 2xx within a second; else rejects naming each failure. */
async function anyReplicaHealthy(service: ServiceName, urls: readonly string[]): Promise<void> {
  const checks = urls.map(async (url) => {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`${service} /healthz answered ${res.status} at ${url}`);
  });
  try {
    await Promise.any(checks);
  } catch (err) {
    const reasons = err instanceof AggregateError ? err.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))) : [String(err)];
    throw new Error(urls.length === 1 ? (reasons[0] ?? `${service} is down`) : `no ${service} replica is healthy: ${reasons.join('; ')}`, { cause: err });
  }
}

/** The `route` label of the gateway's request metrics: a small fixed set, never the URL. */
export type GatewayRoute = ServiceName | 'health' | 'registry' | 'remotes' | 'releases' | 'static' | 'shell' | 'unmatched';

/** How long the parsed blog and events lists behind the pages' heads and the sitemap are used before being fetched again. */
const SEO_LISTS_MAX_AGE_MS = 5000;
/** robots.txt and sitemap.xml: cached briefly by browsers and crawlers. */
const SEO_FILES_MAX_AGE_S = 300;

/** Served on the metrics port only: the public port answers it 404 rather than with the shell page. */
const METRICS_PATH = '/metrics';

/** What a request to the gateway is, for its metrics: the service it is proxied to, or what the gateway serves itself. */
export function gatewayRoute(pathname: string, service: ServiceName | undefined): GatewayRoute {
  if (service !== undefined) return service;
  if (pathname === METRICS_PATH) return 'unmatched';
  if (pathname === '/healthz' || pathname === '/readyz') return 'health';
  if (pathname === REGISTRY_PATH) return 'registry';
  if (pathname.startsWith('/remotes/')) return 'remotes';
  if (pathname.startsWith('/releases/')) return 'releases';
  return hasExtension(pathname) && pathname !== '/index.html' ? 'static' : 'shell';
}

export interface GatewayApp {
  /** The request listener: API paths go to the proxy before any body parsing; the rest to `app`. */
  handler: RequestListener;
  /** Express app for health, registry, static files and the shell. */
  app: Express;
  lifecycle: Lifecycle;
  logger: Logger;
  /** Requests counted by gateway route (served on the metrics port, never the public one). */
  metrics: ProcessMetrics;
  /** Releases the proxy's pooled upstream connections. */
  close(): void;
}

export interface CreateAppOptions {
  logger?: Logger;
}

export function createApp(config: GatewayConfig, options: CreateAppOptions = {}): GatewayApp {
  const logger = options.logger ?? createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const registry = createRegistrySource(config, logger);
  const indexFile = join(config.SHELL_DIR, 'index.html');
  const upstreams = upstreamUrls(config);
  const remotes = remoteDirs(config);

  const readinessChecks: Record<string, ReadinessCheck> = {
    shell: () => access(indexFile),
  };
  for (const service of SERVICES) {
    // Up when any replica answers.
    readinessChecks[service] = () => anyReplicaHealthy(service, upstreams[service]);
  }

  const { app, lifecycle } = createHttpApp({
    name: 'gateway',
    logger,
    readinessChecks,
    readinessTimeoutMs: 1000,
    // The CSP is computed per response for the shell's HTML (it depends on the registry), below.
    helmet: { contentSecurityPolicy: false },
    trustProxy: config.TRUST_PROXY,
  });
  const accessLog = createAccessLog(logger);
  const proxy = createProxy({ upstreams, coolDownMs: config.UPSTREAM_COOL_DOWN_MS, timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger, accessLog, isDraining: () => lifecycle.draining, trustProxy: config.TRUST_PROXY });
  const lists =
    config.CONTENT_LIST_CACHE_MS > 0
      ? createListCache({
          upstream: () => proxy.pool('content').pick() ?? upstreams.content[0] ?? '',
          maxAgeMs: config.CONTENT_LIST_CACHE_MS,
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          logger,
          accessLog,
          hitLog: config.LIST_CACHE_HIT_LOG,
          forward: (req, res, requestId) => proxy.forward(req, res, 'content', requestId),
          isDraining: () => lifecycle.draining,
          trustProxy: config.TRUST_PROXY,
        })
      : undefined;

  const remoteHandlers = new Map<string, ReturnType<typeof createStaticHandler>>(
    REMOTE_NAMES.map((remote: RemoteName) => [remote, createStaticHandler(remotes[remote], { cors: true })]),
  );
  const releases = createStaticHandler(config.RELEASES_DIR, { cors: true });
  const htmlHeaders = async (relPath: string): Promise<Record<string, string>> =>
    relPath.endsWith('.html') ? { 'Content-Security-Policy': contentSecurityPolicy(await registry()) } : {};
  const shell = createStaticHandler(config.SHELL_DIR, { extraHeaders: htmlHeaders });
  const seoData = createSeoData({
    upstream: () => proxy.pool('content').pick() ?? upstreams.content[0] ?? '',
    maxAgeMs: SEO_LISTS_MAX_AGE_MS,
    timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 5000),
    logger,
  });
  /** The lists a page's head (or the sitemap) is made from, each waited for at most SEO_CONTENT_WAIT_MS. */
  async function seoLists(names: ReadonlyArray<keyof SeoLists>): Promise<Partial<SeoLists>> {
    const lists: Partial<SeoLists> = {};
    await Promise.all(
      names.map(async (name) => {
        const list = await seoData.list(name, config.SEO_CONTENT_WAIT_MS);
        if (list) Object.assign(lists, { [name]: list });
      }),
    );
    return lists;
  }
  const shellPage = createShellPage({
    shellDir: config.SHELL_DIR,
    remoteDirs: remotes,
    releasesDir: config.RELEASES_DIR,
    registry,
    warn: (details, message) => logger.warn(details, message),
    head: async (pathname, lang) => renderHead(pageHead(config.PUBLIC_URL, pathname, await seoLists(listsFor(pathname)), undefined, lang)),
  });

  async function serveIndex(req: Request, res: ServerResponse): Promise<void> {
    if (!(await shellPage.serve(req, res, req.path))) shellNotBuilt(res, config.SHELL_DIR);
  }

  app.get(REGISTRY_PATH, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await registry());
  });

  app.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${SEO_FILES_MAX_AGE_S}`);
    res.type('text/plain; charset=utf-8').send(robotsTxt(config.PUBLIC_URL));
  });
  app.get('/sitemap.xml', async (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${SEO_FILES_MAX_AGE_S}`);
    res.type('application/xml; charset=utf-8').send(sitemapXml(config.PUBLIC_URL, await seoLists(['posts', 'events'])));
  });

  const files: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const path = req.path;
    const remote = /^\/remotes\/([^/]+)(\/.*)?$/.exec(path);
    if (remote) {
      const serve = remoteHandlers.get(remote[1] ?? '');
      const result = serve ? await serve(req, res, remote[2] ?? '/') : 'not-found';
      if (result === 'not-found') sendPlain(res, 404, 'Not found', true);
      else if (result === 'bad-request') sendPlain(res, 400, 'Bad request', true);
      return;
    }
    if (path.startsWith('/releases/')) {
      const result = await releases(req, res, path.slice('/releases'.length));
      if (result === 'not-found') sendPlain(res, 404, 'Not found', true);
      else if (result === 'bad-request') sendPlain(res, 400, 'Bad request', true);
      return;
    }
    if (path === '/' || path === '/index.html') {
      await serveIndex(req, res);
      return;
    }
    const result = await shell(req, res, path);
    if (result === 'served') return;
    if (result === 'bad-request') {
      sendPlain(res, 400, 'Bad request');
      return;
    }
    // Deep links (/blog/12, /terms&conditions, /reset-password/abc) load the shell; missing assets are 404s.
    if (!hasExtension(path) && acceptsHtml(req)) {
      await serveIndex(req, res);
      return;
    }
    sendPlain(res, 404, 'Not found');
  };
  app.use(files);
  finishApp(app, logger);

  const metrics = createProcessMetrics('gateway');
  const handler: RequestListener = (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const service = serviceForPath(pathname);
    const route = gatewayRoute(pathname, service);
    metrics.trackRequest(req, res, () => route);
    if (pathname === METRICS_PATH) {
      sendPlain(res, 404, 'Not found');
      return;
    }
    if (service === undefined) {
      app(req, res);
      return;
    }
    const requestId = requestIdOf(req.headers['x-request-id']);
    if (service === 'content' && lists?.handle(req, res, pathname, requestId)) return;
    proxy.forward(req, res, service, requestId);
  };

  return {
    handler,
    app,
    lifecycle,
    logger,
    metrics,
    close: () => {
      proxy.close();
      lists?.close();
    },
  };
}

export interface StartOptions extends CreateAppOptions {
  /** Install SIGTERM/SIGINT handlers that stop and exit (the process entry point does). Default false. */
  handleSignals?: boolean;
}

export interface RunningGateway {
  url: string;
  /** http://host:port of the metrics port (GET /metrics, /healthz): METRICS_PORT on METRICS_HOST. */
  metricsUrl: string;
  server: RunningService['server'];
  stop(): Promise<void>;
}

export async function start(config: GatewayConfig, options: StartOptions = {}): Promise<RunningGateway> {
  const gateway = createApp(config, options);
  const metricsServer = await startMetricsServer({ ...metricsListenOptions(config, config.HOST), registry: gateway.metrics.registry, logger: gateway.logger });
  const running = await startService({
    app: gateway.handler,
    port: config.PORT,
    host: config.HOST,
    logger: gateway.logger,
    lifecycle: gateway.lifecycle,
    graceMs: config.SHUTDOWN_GRACE_MS,
    drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
    onShutdown: [async () => gateway.close(), () => metricsServer.close()],
    handleSignals: options.handleSignals ?? false,
  }).catch(async (err: unknown) => {
    gateway.close();
    await metricsServer.close();
    throw err;
  });
  return { url: running.url, metricsUrl: metricsServer.url, server: running.server, stop: running.stop };
}
