import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { ApiError, ServiceName } from '@tca/contracts';
import { compileTrustProxy, type Logger, type TrustsProxy } from '@tca/service-kit';
import { createAccessLog, type AccessLog } from './access-log.js';

/** Headers that describe one connection, not the message: never forwarded in either direction. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(headers: IncomingHttpHeaders, extraDrop: string[] = []): OutgoingHttpHeaders {
  const drop = new Set([...HOP_BY_HOP, ...extraDrop]);
  const connection = headers.connection;
  if (typeof connection === 'string') for (const name of connection.split(',')) drop.add(name.trim().toLowerCase());
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !drop.has(name)) out[name] = value;
  }
  return out;
}

/**
 * The X-Forwarded-For, -Proto and -Host a service gets for `req`. A peer that is not a trusted proxy (`trusts`,
 * from the gateway's TRUST_PROXY) is the client: what it sent is replaced by its own address, the connection's
 * scheme and its Host, so no client chooses the address the services rate-limit by. A trusted proxy's are kept,
 * the peer appended to X-Forwarded-For (Express semantics: the services, trusting the gateway, then walk back
 * through the proxies they trust too).
 */
export function forwardedHeaders(req: IncomingMessage, trusts: TrustsProxy): { 'x-forwarded-for': string; 'x-forwarded-proto': string; 'x-forwarded-host'?: string } {
  const peer = req.socket.remoteAddress ?? '';
  const ownProto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const ownHost = req.headers.host;
  const viaProxy = peer !== '' && trusts(peer, 0);
  const sentFor = req.headers['x-forwarded-for'];
  const sentProto = req.headers['x-forwarded-proto'];
  const sentHost = req.headers['x-forwarded-host'];
  const forwardedFor = viaProxy && typeof sentFor === 'string' && sentFor.trim().length > 0 ? `${sentFor}, ${peer}` : peer;
  const proto = viaProxy && typeof sentProto === 'string' && sentProto.length > 0 ? sentProto : ownProto;
  const host = viaProxy && typeof sentHost === 'string' && sentHost.length > 0 ? sentHost : ownHost;
  return host === undefined ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto } : { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto, 'x-forwarded-host': host };
}

export interface ProxyOptions {
  upstreams: Record<ServiceName, string>;
  /** An upstream that sends nothing for this long (headers or body) is answered with 504. */
  timeoutMs: number;
  logger: Logger;
  /** The line per request; default createAccessLog(logger). */
  accessLog?: AccessLog;
  /** True while the gateway drains: answers carry `Connection: close`. */
  isDraining?: () => boolean;
  /** The gateway's TRUST_PROXY: peers whose X-Forwarded-* are passed on (extended); default [], no one's. */
  trustProxy?: readonly string[];
}

export interface Proxy {
  forward(req: IncomingMessage, res: ServerResponse, service: ServiceName, requestId: string): void;
  close(): void;
}

const IDEMPOTENT_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

function sendJson(res: ServerResponse, status: number, body: ApiError, requestId: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
  });
  res.end(text);
}

/**
 * Forwards API requests unchanged (method, path, query, headers, body streamed, never parsed) to the
 * owning service, with X-Forwarded-* (forwardedHeaders) and X-Request-Id. Upstream down → 502 JSON, silent → 504 JSON.
 */
export function createProxy({ upstreams, timeoutMs, logger, accessLog = createAccessLog(logger), isDraining = () => false, trustProxy = [] }: ProxyOptions): Proxy {
  const trusts = compileTrustProxy(trustProxy);
  const agents = new Map<string, Agent>();
  function agentFor(url: URL): Agent {
    let agent = agents.get(url.origin);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: 256, maxFreeSockets: 32, scheduling: 'lifo' as const };
      agent = url.protocol === 'https:' ? new HttpsAgent(options) : new Agent(options);
      agents.set(url.origin, agent);
    }
    return agent;
  }

  function forward(req: IncomingMessage, res: ServerResponse, service: ServiceName, requestId: string): void {
    const started = performance.now();
    const base = new URL(upstreams[service]);
    const headers: OutgoingHttpHeaders = { ...withoutHopByHop(req.headers, ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']), ...forwardedHeaders(req, trusts), 'x-request-id': requestId };

    res.once('close', () => accessLog(req, res, requestId, started, { upstream: service }));

    let clientGone = false;
    res.once('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    const basePath = base.pathname.replace(/\/+$/, '');
    const send = (attempt: number): void => {
      let timedOut = false;
      const upstreamReq = (base.protocol === 'https:' ? httpsRequest : request)({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: `${basePath}${req.url ?? '/'}`,
        headers,
        agent: agentFor(base),
      });
      upstreamReq.setTimeout(timeoutMs, () => {
        timedOut = true;
        upstreamReq.destroy(new Error(`no answer from ${service} within ${timeoutMs} ms`));
      });
      upstreamReq.on('response', (upstreamRes) => {
        const out = withoutHopByHop(upstreamRes.headers, ['transfer-encoding']);
        out['x-request-id'] ??= requestId;
        if (isDraining()) out.connection = 'close';
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, out);
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
        upstreamRes.on('aborted', () => res.destroy());
      });
      upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
        // A pooled keep-alive socket the upstream had just closed: safe to retry once when there is no body.
        if (!timedOut && attempt === 0 && upstreamReq.reusedSocket && err.code === 'ECONNRESET' && IDEMPOTENT_WITHOUT_BODY.has(req.method ?? '')) {
          send(1);
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (clientGone) return; // the client went away first
        logger.warn({ err, reqId: requestId, upstream: service, target: base.origin }, timedOut ? 'upstream timed out' : 'upstream unavailable');
        if (timedOut) {
          sendJson(res, 504, { error: 'upstream_timeout', message: `The ${service} service did not answer in time. Please try again later.` }, requestId);
        } else {
          sendJson(res, 502, { error: 'upstream_unavailable', message: `The ${service} service is unavailable. Please try again later.` }, requestId);
        }
      });
      // Client gone before the answer finished: stop the upstream work too.
      res.once('close', () => {
        if (!res.writableFinished) upstreamReq.destroy();
      });
      if (IDEMPOTENT_WITHOUT_BODY.has(req.method ?? '') && attempt > 0) upstreamReq.end();
      else req.pipe(upstreamReq);
    };
    send(0);
  }

  return {
    forward,
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
